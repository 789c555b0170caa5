// One target, one round: cold start, sequential latency, throughput at 50 connections with the
// CPU it cost, and memory afterwards. The load always comes from a separate process.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { cpuSeconds, rssMiB, terminate } from './proc.mjs';
import { A2, A5_PATH, AUTH } from './simulator.mjs';

const LOAD = join(new URL('.', import.meta.url).pathname, 'load.mjs');

export const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  sequentialRequests: Number(process.env.BENCH_SEQ_REQUESTS ?? 3000),
};

/** Runs load.mjs with `opts` in a child process and returns its JSON result. */
export function runLoad(opts) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [LOAD, JSON.stringify(opts)], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`load failed: ${stderr || err.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
    });
  });
}

/** Throughput with the target's CPU time over the same window, per request. */
export async function throughput(pid, opts) {
  const before = cpuSeconds(pid);
  const r = await runLoad({ mode: 'cannon', connections: settings.connections, duration: settings.duration, ...opts });
  const cpu = cpuSeconds(pid) - before;
  return { ...r, cpuPerRequestUs: r.total ? (cpu / r.total) * 1e6 : NaN };
}

export async function measureTarget(target, dir, fixtureFile) {
  const { child, coldStartMs, url } = await target.start(dir, fixtureFile);
  try {
    const a5 = { url: url + A5_PATH, headers: { authorization: AUTH } };
    await runLoad({ mode: 'cannon', ...a5, connections: 10, duration: settings.warmup });
    const seq = await runLoad({ mode: 'sequential', ...a5, requests: settings.sequentialRequests, warmup: 200 });
    const tp = await throughput(child.pid, a5);
    const rss = rssMiB(child.pid);
    const out = { coldStartMs, seq, tp, rss };
    if (target.key === 'simulator') {
      // A2 after the read figures, so the growing pet table cannot colour them
      out.write = await throughput(child.pid, { url: url + A2.path, method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: A2.body });
    }
    return out;
  } finally {
    await terminate(child);
  }
}
