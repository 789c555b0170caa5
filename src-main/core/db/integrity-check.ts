// A full page check of the database files after start, in a worker thread: a file whose header and
// schema read fine can still hold garbage pages, which only a scan finds — and a scan of a large
// file takes seconds, too long to hold back the ready line or block requests.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';

// Plain CommonJS, evaluated in the worker: the build has no separate worker entry to point at.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const initSqlJs = require(workerData.sqljs);
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
})().catch((err) => parentPort.postMessage([{ file: '', problems: [String(err && err.message)] }]));
`;

export interface IntegrityResult { file: string; problems: string[] }

/** Checks the files off the main thread; the worker never keeps the process alive. */
export function checkFilesInBackground(files: string[], onResult: (results: IntegrityResult[]) => void): { stop(): void } {
  const require = createRequire(import.meta.url);
  const sqljs = require.resolve('sql.js');
  const worker = new Worker(WORKER, { eval: true, workerData: { files, sqljs, wasmDir: dirname(sqljs) } });
  worker.unref();
  let stopped = false;
  worker.once('message', (results: IntegrityResult[]) => {
    // quick_check's lines span several rows ("*** in database main ***\nPage 7: ..."): one line each for the notice.
    if (!stopped) onResult(results.map((r) => ({ file: r.file, problems: r.problems.map((p) => p.replace(/\s+/g, ' ').trim()) })));
    void worker.terminate();
  });
  worker.once('error', (err) => !stopped && onResult([{ file: files.join(', '), problems: [`the check could not run: ${err.message}`] }]));
  return {
    stop() {
      stopped = true;
      void worker.terminate();
    },
  };
}
