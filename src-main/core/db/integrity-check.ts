// A full page check of the database files after start, in a worker thread: a file whose header and
// schema read fine can still hold garbage pages, which only a scan finds — and a scan of a large
// file takes seconds, too long to hold back the ready line or block requests.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Worker } from 'node:worker_threads';

// Plain CommonJS, evaluated in the worker: the build has no separate worker entry to point at.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const initSqlJs = require(workerData.sqljs);
// A rejection here (sql.js failing to load) ends the worker with an 'error' event.
(async () => {
  const SQL = await initSqlJs({ locateFile: (f) => workerData.wasmDir + '/' + f });
  const results = [];
  for (const file of workerData.files) {
    let db;
    try {
      db = new SQL.Database(readFileSync(file));
      const rows = (db.exec('PRAGMA quick_check')[0]?.values ?? []).map((r) => String(r[0]));
      results.push({ file, problems: rows.join() === 'ok' ? [] : rows.slice(0, 3) });
    } catch (err) {
      results.push({ file, problems: [err.message] });
    } finally {
      db?.close();
    }
  }
  parentPort.postMessage(results);
})();
`;

export interface IntegrityResult { file: string; problems: string[] }

/**
 * Checks the files off the main thread; the worker never keeps the process alive. A worker that
 * cannot run at all (a host without worker threads) goes to `onError`: that says nothing about the data.
 */
export function checkFilesInBackground(files: string[], onResult: (results: IntegrityResult[]) => void, onError: (err: Error) => void): { stop(): void } {
  let worker: Worker;
  try {
    const require = createRequire(import.meta.url);
    // Required here rather than imported: the check starts after the server answers, and a start
    // need not load the worker module before that.
    const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
    const sqljs = require.resolve('sql.js');
    worker = new Worker(WORKER, { eval: true, workerData: { files, sqljs, wasmDir: dirname(sqljs) } });
  } catch (err) {
    onError(err as Error); // called from a timer: a throw here would end the process
    return { stop() {} };
  }
  worker.unref();
  let stopped = false;
  worker.once('message', (results: IntegrityResult[]) => {
    // quick_check's lines span several rows ("*** in database main ***\nPage 7: ..."): one line each for the notice.
    if (!stopped) onResult(results.map((r) => ({ file: r.file, problems: r.problems.map((p) => p.replace(/\s+/g, ' ').trim()) })));
    void worker.terminate();
  });
  worker.once('error', (err) => !stopped && onError(err));
  return {
    stop() {
      stopped = true;
      void worker.terminate();
    },
  };
}
