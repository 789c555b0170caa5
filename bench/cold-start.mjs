// `node bench/cold-start.mjs`: spawn → first 200 with Basic auth, median of N trials, interleaved so a
// noisy moment hits every target alike, with the ratios from this one run:
//   bare node:http, express 5 hello (both serving a captured A5 response),
//   the simulator on a fresh (empty) data folder — first 200 of A1, the only partner 200 an empty database gives,
//   the simulator on a small folder (one client user, five pets) — first 200 of A5,
//   the simulator on the 100,000-user database — first 200 of A5.
// Knobs: BENCH_COLD_TRIALS (9), BENCH_KEEP_CA_CERTS (see below), BENCH_SCALE_USERS (100000), BENCH_SCALE_DIR (reuse a folder made by
// bench/generate-scale-db.mjs instead of generating one, ~25 s), BENCH_NODE_FLAGS (extra flags for the
// simulator's node, to compare e.g. wasm compilation flags in one run), BENCH_BEFORE_CLI (the cli.js of
// another build, e.g. a worktree of the previous commit: its starts are interleaved with this build's
// and shown as "before" rows, so a change is measured against its baseline in the same sitting).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, launch, terminate, unsetMachineCaCerts } from './peers/proc.mjs';
import { A5_PATH, AUTH, CLI, READY_PATH, SERVE_FLAGS, captureA5, prepareReader, startSimulator } from './peers/simulator.mjs';
import { median, scaleDatabase } from './peers/extras.mjs';

const TRIALS = Number(process.env.BENCH_COLD_TRIALS ?? 9);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const BEFORE_CLI = process.env.BENCH_BEFORE_CLI;
// The node flags of `npm run serve`, as bench/peers/simulator.mjs reads them.
const SERVERS = new URL('./peers/servers/', import.meta.url).pathname;
const SCALE_A5 = `/api/v2/demo/pet/list?email=${encodeURIComponent('user0@scale.example')}`;
const headers = { authorization: AUTH };

if (!existsSync(CLI)) {
  console.error('The simulator is not built: run `npm run build` first.');
  process.exit(1);
}
const caCerts = unsetMachineCaCerts();
const work = mkdtempSync(join(tmpdir(), 'vet-cold-start-'));
const say = (s) => console.log(s);

/**
 * CPU time (ms) the process spent until now: its main thread, and all its threads (V8 compiles
 * WebAssembly and optimised code and collects garbage on others). Unlike wall time, the main
 * thread's figure hardly moves with other work on the machine, so it is the one to compare across sittings.
 */
function cpuMs(pid) {
  const ms = (task) => Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  try {
    let all = 0;
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      try {
        all += ms(t);
      } catch {
        /* a thread that ended meanwhile */
      }
    }
    return { main: ms(pid), all };
  } catch {
    return { main: NaN, all: NaN }; // no /proc (not Linux): wall time only
  }
}

async function measured(launched) {
  const { child, coldStartMs } = await launched;
  const cpu = cpuMs(child.pid);
  await terminate(child);
  return { wall: coldStartMs, ...cpu };
}

async function peer(script, fixtureFile) {
  const port = await freePort();
  return measured(launch(process.execPath, [join(SERVERS, script), fixtureFile, String(port)], `http://127.0.0.1:${port}${A5_PATH}`, { headers }));
}

/** The simulator as `npm run serve` starts it, on a copy of `template` (or a fresh folder), until `path` answers 200. */
async function simulator(template, path, trial, name, cli = CLI, lingerMs = 0) {
  const dir = join(work, `${name}-${trial}`);
  if (template) cpSync(template, dir, { recursive: true });
  else mkdirSync(dir);
  const port = await freePort();
  const launched = launch(process.execPath, [...SERVE_FLAGS, ...NODE_FLAGS, cli, '--port', String(port), '--data-dir', dir], `http://127.0.0.1:${port}${path}`, { headers });
  if (lingerMs) await launched.then(() => new Promise((r) => setTimeout(r, lingerMs)));
  const m = await measured(launched);
  rmSync(dir, { recursive: true, force: true });
  return m;
}

try {
  // The small folder: one client user with five pets, written by a simulator that then stops cleanly.
  const small = join(work, 'small');
  const prep = await startSimulator(['--data-dir', small]);
  await prepareReader(prep.url);
  const fixture = await captureA5(prep.url);
  await terminate(prep.child);
  const fixtureFile = join(work, 'a5-response.json');
  writeFileSync(fixtureFile, JSON.stringify(fixture));

  let scaleDir = process.env.BENCH_SCALE_DIR;
  if (!scaleDir && SCALE_USERS > 0) {
    say(`generating the ${SCALE_USERS.toLocaleString()}-user database…`);
    scaleDir = scaleDatabase(work, SCALE_USERS).dir;
  }

  // One start of each build that lives long enough to write Node's compile cache (core/perf/compile-cache.ts
  // writes it 1.5 s after start; the trials below are stopped at their first 200): a user's second start onwards.
  for (const cli of [CLI, ...(BEFORE_CLI ? [BEFORE_CLI] : [])]) {
    const m = simulator(small, A5_PATH, 'warm', `warm-${cli === CLI ? 'this' : 'before'}`, cli, 2500);
    await m;
  }

  const load = loadavg()[0];
  const runs = { bare: [], hello: [], fresh: [], small: [], big: [], freshBefore: [], smallBefore: [], bigBefore: [] };
  for (let i = 0; i < TRIALS; i++) {
    runs.bare.push(await peer('bare.mjs', fixtureFile));
    runs.hello.push(await peer('express-hello.mjs', fixtureFile));
    runs.fresh.push(await simulator(undefined, READY_PATH, i, 'fresh'));
    runs.small.push(await simulator(small, A5_PATH, i, 'small'));
    if (scaleDir) runs.big.push(await simulator(scaleDir, SCALE_A5, i, 'big'));
    if (BEFORE_CLI) {
      runs.freshBefore.push(await simulator(undefined, READY_PATH, i, 'fresh-before', BEFORE_CLI));
      runs.smallBefore.push(await simulator(small, A5_PATH, i, 'small-before', BEFORE_CLI));
      if (scaleDir) runs.bigBefore.push(await simulator(scaleDir, SCALE_A5, i, 'big-before', BEFORE_CLI));
    }
    process.stdout.write(`trial ${i + 1}/${TRIALS}\r`);
  }
  const med = (key, field) => (runs[key].length ? median(runs[key].map((r) => r[field])) : NaN);
  const ratio = (key, to, field) => (med(key, field) / med(to, field)).toFixed(2);
  const row = (label, key) =>
    runs[key].length
      ? `| ${label} | ${med(key, 'wall').toFixed(0)} ms | ${ratio(key, 'bare', 'wall')}× | ${ratio(key, 'hello', 'wall')}× | ${med(key, 'main').toFixed(0)} ms | ${ratio(key, 'hello', 'main')}× | ${med(key, 'all').toFixed(0)} ms |`
      : `| ${label} | — | — | — | — | — | — |`;
  console.log(
    [
      `Cold start, spawn → first 200 (median of ${TRIALS}; Node ${process.version}; load ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${cpus().length} cores${NODE_FLAGS.length ? `; simulator node flags ${NODE_FLAGS.join(' ')}` : ''}${caCerts ? '; NODE_EXTRA_CA_CERTS unset for every target' : ''})`,
      '',
      '| target | wall | × bare node:http | × express hello | CPU, main thread | × express hello | CPU, all threads |',
      '|---|---|---|---|---|---|---|',
      row('bare node:http', 'bare'),
      row('express 5 hello', 'hello'),
      row('simulator, fresh data folder (A1)', 'fresh'),
      row('simulator, one user (A5)', 'small'),
      ...(scaleDir ? [row(`simulator, ${SCALE_USERS.toLocaleString()} users (A5)`, 'big')] : []),
      ...(BEFORE_CLI
        ? [row('before: fresh data folder (A1)', 'freshBefore'), row('before: one user (A5)', 'smallBefore'), row(`before: ${SCALE_USERS.toLocaleString()} users (A5)`, 'bigBefore')]
        : []),
      '',
      `wall per trial (ms): ${Object.entries(runs).filter(([, xs]) => xs.length).map(([k, xs]) => `${k} ${xs.map((x) => x.wall.toFixed(0)).join(' ')}`).join('; ')}`,
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
