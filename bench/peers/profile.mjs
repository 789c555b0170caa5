// Where the simulator's time goes under the A5 load and during resets: a `node --cpu-prof` profile, its self time
// grouped by what the code is (node's HTTP, express, journal, sql.js, GC, JSON, auth, rate limit…).
// The server's dependencies are bundled, so bundled code is attributed through the bundle's own
// `// path` module markers rather than by file name.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { terminate } from './proc.mjs';
import { A2, A5_PATH, AUTH, prepareReader, startSimulator } from './simulator.mjs';
import { runLoad } from './measure.mjs';

/** Module of each line of a bundle, from the `// node_modules/…` and `// src-main/…` markers. */
function moduleLines(file) {
  const starts = [];
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const m = /^\/\/ ((?:node_modules|src-main)\/\S+)$/.exec(line);
    if (m) starts.push([i, m[1]]);
  });
  return (line) => {
    let found = file;
    for (const [start, mod] of starts) if (start <= line) found = mod; else break;
    return found;
  };
}

const NATIVE_IO = /^(writev|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString|readStart|readStop|onStreamRead|shutdown|close)$/;
export const NOT_REQUEST_WORK = ['idle (waiting for the network)', 'start-up (loading and compiling modules)'];

const GROUPS = [
  ['GC', (f, m) => f === '(garbage collector)'],
  ['start-up (loading and compiling modules)', (f, m) => /^node:internal\/(modules|bootstrap)/.test(m)],
  ['node HTTP, sockets and streams', (f, m) => m === '' && NATIVE_IO.test(f)],
  ['disk (fsync, file writes)', (f, m) => m === '' && /^(fsync|fdatasync|writeFileUtf8|writeString|open|rename)$/.test(f)],
  ['idle (waiting for the network)', (f) => f === '(idle)'],
  ['JSON (parse, stringify)', (f, m) => m === '' && /^(stringify|parse|JSONSerialize|JsonStringify)/.test(f)],
  ['sql.js (WebAssembly and its JS glue)', (f, m) => /sql-wasm|^wasm:|sql\.js/.test(m)],
  ['journal (capture, deflate, batched insert)', (f, m) => /journal|capture\.ts|originals\.ts|node:zlib/.test(m)],
  ['rate limit', (f, m) => /rate-limit/.test(m)],
  ['auth (Basic, constant-time compare)', (f, m) => /http\/auth\.ts|node_modules\/jose|identity\.ts/.test(m)],
  ['validation (zod)', (f, m) => /node_modules\/zod|validate\.ts/.test(m)],
  ['database layer (repositories, statements)', (f, m) => /src-main\/core\/db\//.test(m)],
  ['simulator routes and services', (f, m) => /^src-main\//.test(m)],
  ['express and its middleware', (f, m) => /^node_modules\//.test(m)],
  ['node HTTP, sockets and streams', (f, m) => /^node:(_http|http|net|internal\/(http|stream|streams|net|stream_base))|^node:(stream|events)/.test(m)],
  ['other node internals', (f, m) => /^node:/.test(m)],
  ['native / program', () => true],
];

export function summarise(profileFile) {
  const p = JSON.parse(readFileSync(profileFile, 'utf8'));
  const locate = new Map();
  const nodeById = new Map(p.nodes.map((n) => [n.id, n]));
  const moduleOf = (cf) => {
    const url = cf.url ?? '';
    if (!url.startsWith('file://')) return url;
    const file = fileURLToPath(url);
    if (!/out\/main\//.test(file)) return file;
    if (!locate.has(file)) locate.set(file, moduleLines(file));
    return locate.get(file)(cf.lineNumber);
  };
  const selfMs = new Map();
  const byFunction = new Map();
  const groupOf = new Map();
  p.samples.forEach((id, i) => {
    const n = nodeById.get(id);
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    const f = n.callFrame.functionName || '(anonymous)';
    const m = moduleOf(n.callFrame);
    const group = GROUPS.find(([, test]) => test(f, m))[0];
    selfMs.set(group, (selfMs.get(group) ?? 0) + dt);
    const key = `${f} — ${m || 'native'}`;
    groupOf.set(key, group);
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
  });
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  const busy = total - NOT_REQUEST_WORK.reduce((a, g) => a + (selfMs.get(g) ?? 0), 0);
  const groups = [...selfMs].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms, shareOfBusy: NOT_REQUEST_WORK.includes(name) ? NaN : ms / busy }));
  const functions = [...byFunction].filter(([k]) => !/^\((idle|program)\)/.test(k) && !NOT_REQUEST_WORK.includes(groupOf.get(k))).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 12)).map(([name, ms]) => ({ name, ms, shareOfBusy: ms / busy }));
  return { totalMs: total, busyMs: busy, groups, functions };
}

/** Runs `work(url)` against a simulator started with `node --cpu-prof`, and summarises the profile. */
async function profileWhile(dir, name, work) {
  const profDir = join(dir, `cpu-profile-${name}`);
  const dataDir = join(dir, `profile-data-${name}`);
  mkdirSync(profDir, { recursive: true });
  mkdirSync(dataDir);
  const s = await startSimulator(['--data-dir', dataDir], { nodeFlags: ['--cpu-prof', '--cpu-prof-dir', profDir] });
  let extra;
  try {
    await prepareReader(s.url);
    extra = await work(s.url);
  } finally {
    await terminate(s.child); // the profile is written as the process exits
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written (did the simulator exit cleanly on SIGTERM?)');
  return { ...summarise(join(profDir, file)), ...extra };
}

/** The simulator under A5 at 50 connections for `seconds`. */
export const profileA5 = (dir, seconds) =>
  profileWhile(dir, 'a5', async (url) => {
    const load = await runLoad({ mode: 'cannon', url: url + A5_PATH, headers: { authorization: AUTH }, connections: Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 50), duration: seconds });
    return { rps: load.rps, seconds };
  });

/** The simulator under A2 (a durable write) at 50 connections for `seconds`. */
export const profileA2 = (dir, seconds) =>
  profileWhile(dir, 'a2', async (url) => {
    const load = await runLoad({ mode: 'cannon', url: url + A2.path, method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: A2.body, connections: Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 50), duration: seconds });
    return { rps: load.rps, seconds };
  });

/** `POST /__sim/v1/reset` on disk, `times` in a row. */
export const profileReset = (dir, times) =>
  profileWhile(dir, 'reset', async (url) => {
    for (let i = 0; i < times; i++) await (await fetch(url + '/__sim/v1/reset', { method: 'POST' })).arrayBuffer();
    return { times };
  });
