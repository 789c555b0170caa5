// The simulator's own figures that have no peer counterpart: reset time, cold start next to an
// express hello-world (empty folder and the 100,000-user database), memory over a long read run.
import { cpSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort, launch, rssMiB, terminate } from './proc.mjs';
import { A5_PATH, AUTH, READY_PATH, ROOT, prepareReader, startSimulator } from './simulator.mjs';
import { runLoad } from './measure.mjs';

const HERE = new URL('.', import.meta.url).pathname;
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Median client-side time of `POST /__sim/v1/reset`, sequential, on one freshly started, prepared simulator. */
async function resetMedianOnce(storage, times) {
  const s = await startSimulator(typeof storage === 'function' ? storage() : storage);
  try {
    await prepareReader(s.url);
    const ms = [];
    for (let i = 0; i < times + 3; i++) {
      const t0 = performance.now();
      const r = await fetch(s.url + '/__sim/v1/reset', { method: 'POST' });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`reset answered ${r.status}`);
      if (i >= 3) ms.push(performance.now() - t0); // the first resets warm the code path
    }
    return { median: median(ms), max: Math.max(...ms) };
  } finally {
    await terminate(s.child);
  }
}

/**
 * The reset figure: the median over BENCH_RESET_PROCESSES (3) fresh processes of each one's median of
 * BENCH_RESETS (30). A single process's median moved 1.7–4.8 ms between processes of one sitting (its
 * resets run while V8 is still optimising SQLite, and a busy moment hits all 30); three damp that.
 * `storage` is the serve flags, or a function giving them (a new data folder per process).
 */
export async function resetMedian(storage, times = Number(process.env.BENCH_RESETS ?? 30), processes = Number(process.env.BENCH_RESET_PROCESSES ?? 3)) {
  const runs = [];
  for (let i = 0; i < processes; i++) runs.push(await resetMedianOnce(storage, times));
  return { median: median(runs.map((r) => r.median)), max: Math.max(...runs.map((r) => r.max)), perProcess: runs.map((r) => r.median) };
}

async function helloColdStart(fixtureFile) {
  const port = await freePort();
  const { child, coldStartMs } = await launch(process.execPath, [join(HERE, 'servers', 'express-hello.mjs'), fixtureFile, String(port)], `http://127.0.0.1:${port}${READY_PATH}`);
  await terminate(child);
  return coldStartMs;
}

async function simColdStart(dataDir) {
  const s = await startSimulator(['--data-dir', dataDir]);
  await terminate(s.child);
  return s.coldStartMs;
}

/** Cold starts interleaved (hello, empty folder, big database) so a noisy moment hits all three. */
export async function coldStarts(dir, fixtureFile, scaleDir, trials = Number(process.env.BENCH_COLD_TRIALS ?? 5)) {
  const hello = [], empty = [], big = [];
  for (let i = 0; i < trials; i++) {
    hello.push(await helloColdStart(fixtureFile));
    const emptyDir = join(dir, `cold-empty-${i}`);
    mkdirSync(emptyDir);
    empty.push(await simColdStart(emptyDir));
    if (scaleDir) {
      // a fresh copy each time: a start may write to its folder (lock file, log)
      const copy = join(dir, `cold-big-${i}`);
      cpSync(scaleDir, copy, { recursive: true });
      big.push(await simColdStart(copy));
    }
  }
  return { hello: median(hello), empty: median(empty), big: big.length ? median(big) : NaN };
}

/** Generates the scale database with bench/generate-scale-db.mjs (in its own process: it loads the core). */
export function scaleDatabase(dir, users) {
  const out = join(dir, 'scale');
  const t0 = performance.now();
  execFileSync(process.execPath, [join(ROOT, 'bench', 'generate-scale-db.mjs'), out, String(users), '3'], { stdio: 'ignore' });
  return { dir: out, seconds: (performance.now() - t0) / 1000 };
}

/**
 * RSS over `total` A5 requests (50 connections, journal on at its default cap): sampled after every tenth
 * of them for the report's line, and every 100 ms for the trend (memory-trend.mjs: a sawtooth needs many
 * samples; two single points once read a peak against a trough as 11% growth).
 */
export async function rssOverRequests(dir, total) {
  const dataDir = join(dir, 'flat-data');
  mkdirSync(dataDir);
  const s = await startSimulator(['--data-dir', dataDir]);
  try {
    await prepareReader(s.url);
    const per = Math.max(1000, Math.floor(total / 10));
    const samples = [];
    const fine = [];
    const sampler = setInterval(() => fine.push(rssMiB(s.child.pid)), 100);
    let done = 0, non2xx = 0;
    try {
      while (done < total) {
        const r = await runLoad({ mode: 'cannon', url: s.url + A5_PATH, headers: { authorization: AUTH }, connections: 50, amount: per });
        non2xx += r.non2xx + r.errors;
        done += per;
        samples.push(rssMiB(s.child.pid));
      }
    } finally {
      clearInterval(sampler);
    }
    return { samples, fine, per, done, non2xx };
  } finally {
    await terminate(s.child);
  }
}

export { median };
