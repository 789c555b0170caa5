// Where the time of `POST /__sim/v1/reset` goes, seen from a client, in one sitting: the same
// sequential `fetch` loop that bench/peers/extras.mjs resetMedian() runs, against
//   (a) a bare node:http server answering {"reset":true}    — fetch and loopback alone
//   (b) GET /__sim/v1/health on the simulator in memory      — plus express and the control API's path
//   (c) POST /__sim/v1/reset on the simulator in memory      — plus the reset
//   (d) POST /__sim/v1/reset on the simulator on disk        — plus the op-log record and its fsync
// so b−a is the control request's cost and c−b the reset's. Each target runs in its own process
// started like `npm run serve`; the calls interleave the targets so that a noisy moment hits them all.
//
// Usage: node bench/reset-latency.mjs [--times 200] [--rounds 1] [--profile] [--cli other/out/main/cli.js]
//   --profile  adds a `node --cpu-prof` split of (c) over --profile-times resets (default 2000, enough to
//              bury the start-up in the per-reset figures), grouped as bench/peers/profile.mjs groups A5's
//   --cli      measures another build (e.g. a copy of out/ from before a change) next to this one
//   --fresh K  then measures as resetMedian() does, in K fresh processes per build and storage (0: skip):
//              30 resets after 3, the median of each process, and the main thread's CPU per reset. Those
//              first resets run before the JIT has caught up (cold: about twice the CPU of warm resets),
//              which is what the reset figure sees; the interleaved loop above sees warm ones.
// In a CPU profile, `writev` holds much of the time: the server is descheduled in that call while the
// woken client runs (2 cores shared), not working. Work moved after the answer overlaps the client only
// when a core is free.
// Needs a fresh `npm run build`.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, launch, mainThreadCpuSeconds, terminate } from './peers/proc.mjs';
import { CLI, READY_PATH, AUTH, SERVE_FLAGS, prepareReader } from './peers/simulator.mjs';
import { summarise } from './peers/profile.mjs';

const { values: opts } = parseArgs({
  options: {
    times: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '1' },
    profile: { type: 'boolean', default: false },
    'profile-times': { type: 'string', default: '2000' },
    fresh: { type: 'string', default: '5' },
    cli: { type: 'string', multiple: true, default: [] },
  },
});
const TIMES = Number(opts.times);
const ROUNDS = Number(opts.rounds);
const WARM = 3; // as resetMedian(): the first calls warm the code path

const quantile = (xs, q) => {
  const s = xs.slice().sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
};

const BARE = `require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"reset":true}'); });
}).listen(Number(process.argv[1]), '127.0.0.1');`;

async function startBare() {
  const port = await freePort();
  const { child } = await launch(process.execPath, ['-e', BARE, String(port)], `http://127.0.0.1:${port}/`);
  return { child, url: `http://127.0.0.1:${port}` };
}

async function startServe(cli, storage, nodeFlags = []) {
  const port = await freePort();
  const args = [...SERVE_FLAGS, ...nodeFlags, cli, '--port', String(port), ...storage];
  const { child } = await launch(process.execPath, args, `http://127.0.0.1:${port}${READY_PATH}`, { headers: { authorization: AUTH } });
  const url = `http://127.0.0.1:${port}`;
  await prepareReader(url); // the state resetMedian() resets: one app changed, one user, five pets
  return { child, url };
}

/** One call as resetMedian() makes it: fetch, read the whole body, milliseconds on the client. */
async function call(url, method) {
  const t0 = performance.now();
  const r = await fetch(url, { method });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${method} ${url} answered ${r.status}`);
  return performance.now() - t0;
}

/** `times` sequential calls after WARM that are not counted. */
async function loop(url, method, times) {
  const ms = [];
  for (let i = 0; i < times + WARM; i++) {
    const t = await call(url, method);
    if (i >= WARM) ms.push(t);
  }
  return ms;
}

const builds = [['this build', CLI], ...opts.cli.map((c, i) => [`--cli ${i + 1}`, c])];
const targets = [{ name: '(a) bare node:http', start: startBare, path: '/', method: 'POST' }];
for (const [label, cli] of builds) {
  const tag = builds.length > 1 ? ` [${label}]` : '';
  targets.push(
    { name: `(b) GET health, memory${tag}`, start: () => startServe(cli, ['--in-memory']), path: '/__sim/v1/health', method: 'GET' },
    { name: `(c) reset, memory${tag}`, start: () => startServe(cli, ['--in-memory']), path: '/__sim/v1/reset', method: 'POST' },
    { name: `(d) reset, disk${tag}`, start: (dir) => startServe(cli, ['--data-dir', dir]), path: '/__sim/v1/reset', method: 'POST', disk: true },
  );
}

const work = mkdtempSync(join(tmpdir(), 'bench-reset-latency-'));
const samples = new Map(targets.map((t) => [t.name, []]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    // Every target is up at once and the calls go round them one at a time (a, b, c, d, a, b, …):
    // on a shared machine a noisy moment then falls on all of them alike. Each call is still
    // sequential, one connection, as resetMedian() makes them.
    const running = [];
    try {
      for (const t of targets) {
        const dir = join(work, `data-${round}-${targets.indexOf(t)}`);
        if (t.disk) mkdirSync(dir);
        running.push({ t, s: await t.start(dir) });
      }
      for (let i = 0; i < TIMES + WARM; i++)
        for (const { t, s } of running) {
          const ms = await call(s.url + t.path, t.method);
          if (i >= WARM) samples.get(t.name).push(ms);
        }
    } finally {
      for (const { s } of running) await terminate(s.child);
    }
  }

  const bare = quantile(samples.get(targets[0].name), 0.5);
  console.log(`${TIMES} sequential fetch calls per target and round, interleaved, ${ROUNDS} round(s), first ${WARM} of each not counted`);
  console.log(`${'target'.padEnd(34)} ${'median'.padStart(8)} ${'p90'.padStart(8)} ${'× bare'.padStart(7)} ${'− bare'.padStart(8)}`);
  for (const t of targets) {
    const ms = samples.get(t.name);
    const med = quantile(ms, 0.5);
    console.log(`${t.name.padEnd(34)} ${med.toFixed(2).padStart(5)} ms ${quantile(ms, 0.9).toFixed(2).padStart(5)} ms ${(med / bare).toFixed(2).padStart(6)}× ${(med - bare).toFixed(2).padStart(5)} ms`);
  }

  const FRESH = Number(opts.fresh);
  if (FRESH > 0) {
    const runs = builds.flatMap(([label, cli]) => [['memory', ['--in-memory']], ['disk', null]].map(([storage, args]) => ({ label, cli, storage, args, medians: [], cpu: [] })));
    for (let k = 0; k < FRESH; k++)
      for (const r of runs) {
        const dir = join(work, `fresh-${k}-${runs.indexOf(r)}`);
        mkdirSync(dir);
        const s = await startServe(r.cli, r.args ?? ['--data-dir', dir]);
        try {
          for (let i = 0; i < WARM; i++) await call(s.url + '/__sim/v1/reset', 'POST');
          const cpu0 = 1000 * mainThreadCpuSeconds(s.child.pid);
          const ms = [];
          for (let i = 0; i < 30; i++) ms.push(await call(s.url + '/__sim/v1/reset', 'POST'));
          r.cpu.push((1000 * mainThreadCpuSeconds(s.child.pid) - cpu0) / 30);
          r.medians.push(quantile(ms, 0.5));
        } finally {
          await terminate(s.child);
        }
      }
    console.log(`\nas resetMedian() measures: ${FRESH} fresh processes each, 30 resets after ${WARM}, median per process`);
    for (const r of runs) {
      const tag = builds.length > 1 ? ` [${r.label}]` : '';
      const cpu = r.cpu.reduce((a, b) => a + b, 0) / r.cpu.length;
      console.log(`  reset, ${r.storage}${tag}`.padEnd(36) + `median of medians ${quantile(r.medians, 0.5).toFixed(2)} ms (${Math.min(...r.medians).toFixed(2)}–${Math.max(...r.medians).toFixed(2)}), main thread ${cpu.toFixed(2)} ms CPU per reset`);
    }
  }

  if (opts.profile) {
    const profDir = join(work, 'cpu-profile');
    mkdirSync(profDir);
    const s = await startServe(CLI, ['--in-memory'], ['--cpu-prof', '--cpu-prof-dir', profDir]);
    try {
      await loop(s.url + '/__sim/v1/reset', 'POST', Number(opts['profile-times']));
    } finally {
      await terminate(s.child); // the profile is written as the process exits
    }
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written (did the simulator exit cleanly on SIGTERM?)');
    const p = summarise(join(profDir, file));
    const calls = Number(opts['profile-times']) + WARM;
    console.log(`\nCPU profile of (c), ${calls} resets: ${(p.busyMs / calls).toFixed(3)} ms busy per reset (start-up and idle left out)`);
    for (const g of p.groups) if (Number.isFinite(g.shareOfBusy)) console.log(`  ${g.name.padEnd(44)} ${(g.ms / calls).toFixed(3)} ms  ${(100 * g.shareOfBusy).toFixed(1)}%`);
    console.log('  top functions (self time):');
    for (const f of p.functions) console.log(`    ${(f.ms / calls).toFixed(3)} ms  ${(100 * f.shareOfBusy).toFixed(1).padStart(4)}%  ${f.name}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
