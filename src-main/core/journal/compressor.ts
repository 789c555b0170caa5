// Deflates journal details on a worker thread, so that the thread answering requests does not (deflate
// was 6.6% of A5's CPU under load, most of it zlib setting up a stream per entry). One worker per
// process, shared by every simulator in it: started on first use, stopped when idle, never keeping the
// process alive. Without a worker (a host that cannot start one, a worker that died) callers compress
// on their own thread: the journal is slower then, never wrong.
import { Worker } from 'node:worker_threads';

// Plain CommonJS, evaluated in the worker: the build has no separate worker entry to point at. The
// results travel back as one buffer (transferred, not copied) with the end offset of each part.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { deflateRawSync } = require('node:zlib');
parentPort.on('message', ({ id, texts }) => {
  const parts = texts.map((t) => deflateRawSync(t, { level: 1 }));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  const ends = [];
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; ends.push(at); }
  parentPort.postMessage({ id, out, ends }, [out.buffer]);
});
`;

/** Called with one deflated buffer per text, in order; or with undefined when the worker is gone. */
export type Compressed = (parts: Uint8Array[] | undefined) => void;

const IDLE_MS = 5_000;
let worker: Worker | undefined;
let unavailable = false;
let nextJob = 1;
const jobs = new Map<number, Compressed>();
let idleTimer: NodeJS.Timeout | undefined;

function abandonJobs(): void {
  const waiting = [...jobs.values()];
  jobs.clear();
  for (const done of waiting) done(undefined);
}

function started(): Worker | undefined {
  if (worker || unavailable) return worker;
  try {
    const w = new Worker(SOURCE, { eval: true });
    w.unref();
    w.on('message', ({ id, out, ends }: { id: number; out: Uint8Array; ends: number[] }) => {
      const done = jobs.get(id);
      jobs.delete(id);
      done?.(ends.map((end, i) => out.subarray(i ? ends[i - 1] : 0, end)));
      clearTimeout(idleTimer);
      if (!jobs.size) idleTimer = setTimeout(() => void w.terminate(), IDLE_MS).unref();
    });
    // A worker that fails is not restarted: the journal compresses on the main thread from then on.
    w.on('error', () => (unavailable = true));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      abandonJobs();
    });
    worker = w;
  } catch {
    unavailable = true;
  }
  return worker;
}

/** Sends texts to be deflated off this thread; false when no worker can take them (compress here). */
export function compressInBackground(texts: string[], done: Compressed): boolean {
  const w = started();
  if (!w) return false;
  clearTimeout(idleTimer);
  const id = nextJob++;
  jobs.set(id, done);
  w.postMessage({ id, texts });
  return true;
}
