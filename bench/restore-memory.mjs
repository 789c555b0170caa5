// Peak memory of one restore (POST /__sim/v1/snapshot) of a large snapshot, in a `serve` process of its own.
// The audit (issue 29): one 450 MB restore peaked at 2.3 GB — the upload buffered whole, copied, checked in a
// copy, exported again for the file. This prints the server's RSS before the upload and its peak during it
// (VmHWM, reset just before the upload through /proc/<pid>/clear_refs), and writes bench/REPORT-restore-memory.md.
//
// Usage: node bench/restore-memory.mjs [--mib 150] [--runs 2] [--cli CLI_JS] [--compare OLD_CLI_JS]
//   --cli measures another build than out/main/cli.js; --compare runs the same measure against a second build
//   (e.g. one built from an older commit: git archive <commit> | tar -x -C DIR, link node_modules, electron-vite build).
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { AUTH, CLI, ROOT, SERVE_FLAGS, rssMiB, start, stop, tempDir } from './lib.mjs';

const { values } = parseArgs({ options: { mib: { type: 'string', default: '150' }, compare: { type: 'string' }, cli: { type: 'string', default: CLI }, runs: { type: 'string', default: '2' } } });
const MIB = Number(values.mib);
const RUNS = Number(values.runs);

const peakMiB = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** Resets VmHWM to the current RSS (Linux 4.0+), so the next peak is the restore's own. */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** A snapshot of a fresh data folder with `mib` MiB of pet images added (random bytes: nothing compresses them away). */
async function bigSnapshot(url, mib) {
  const pet = await fetch(`${url}/api/v2/demo/pet/add`, {
    method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'big@bench.example', name: 'Rex', age: '3 years', sex: 'male', species: 'dog' }),
  });
  if (pet.status !== 200) {
    // A2 needs an owner: register one, then add the pet.
    await fetch(`${url}/api/v2/demo/register-user`, {
      method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Big', email: 'big@bench.example', role: 'users', dev_type: 'ios' }),
    });
  }
  const bytes = new Uint8Array(await (await fetch(`${url}/__sim/v1/snapshot`)).arrayBuffer());
  const initSqlJs = createRequire(import.meta.url)('sql.js');
  const SQL = await initSqlJs();
  const db = new SQL.Database(bytes);
  const one = 1024 * 1024;
  db.run('BEGIN');
  const stmt = db.prepare("INSERT INTO media (app_id, pet_id, file_name, mime, data, created_at) VALUES (1, 1, ?, 'image/png', ?, '2026-01-01 00:00:00')");
  for (let i = 0; i < mib; i++) stmt.run([`p${i}.png`, randomBytes(one)]);
  stmt.free();
  db.run('COMMIT');
  const out = Buffer.from(db.export());
  db.close();
  return out;
}

/** One restore against a server started from `cli`: RSS before, peak during, wall time, and the answer. */
async function measure(cli, snapshot) {
  const dataDir = tempDir('vet-restore-');
  const s = await start([...SERVE_FLAGS, cli, '--port', '0', '--data-dir', dataDir]);
  try {
    await fetch(`${s.url}/__sim/v1/health`);
    await new Promise((r) => setTimeout(r, 500));
    const before = rssMiB(s.child.pid);
    resetPeak(s.child.pid);
    const t0 = performance.now();
    const r = await fetch(`${s.url}/__sim/v1/snapshot`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: snapshot });
    const answer = await r.text();
    const ms = Math.round(performance.now() - t0);
    const peak = peakMiB(s.child.pid);
    const after = rssMiB(s.child.pid);
    return { status: r.status, answer: r.status === 200 ? '' : answer.slice(0, 200), before: Math.round(before), peak: Math.round(peak), after: Math.round(after), ms };
  } finally {
    await stop(s.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const seedDir = tempDir('vet-restore-seed-');
const seed = await start([...SERVE_FLAGS, CLI, '--port', '0', '--data-dir', seedDir]);
const snapshot = await bigSnapshot(seed.url, MIB);
await stop(seed.child);
rmSync(seedDir, { recursive: true, force: true });
const snapMiB = Math.round(snapshot.length / 1024 / 1024);
console.log(`snapshot: ${snapMiB} MiB`);

const builds = [...(values.compare ? [['before', values.compare]] : []), ['this build', values.cli]];
const rows = [];
for (const [name, cli] of builds) {
  for (let i = 0; i < RUNS; i++) {
    const m = await measure(cli, snapshot);
    rows.push({ build: name, ...m });
    console.log(`${name} run ${i + 1}: ${m.status} — RSS ${m.before} MiB before, peak ${m.peak} MiB (+${m.peak - m.before}), ${m.after} MiB after, ${m.ms} ms ${m.answer}`);
  }
}

const lines = [
  '# Restore memory (bench/restore-memory.mjs)',
  '',
  `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${snapMiB} MiB snapshot (${MIB} MiB of pet images), server flags \`${SERVE_FLAGS.join(' ') || '(none)'}\`.`,
  `Builds: ${builds.map(([name, cli]) => `${name} = \`${cli}\``).join('; ')}.`,
  'Peak is VmHWM over the upload and restore (reset just before it); "peak over" is the peak less the RSS before, in multiples of the snapshot.',
  '',
  '| build | status | RSS before (MiB) | peak (MiB) | peak over (MiB) | × snapshot | RSS after (MiB) | time (ms) |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.build} | ${r.status} | ${r.before} | ${r.peak} | ${r.peak - r.before} | ${((r.peak - r.before) / snapMiB).toFixed(2)} | ${r.after} | ${r.ms} |`),
  '',
];
writeFileSync(join(ROOT, 'bench', 'REPORT-restore-memory.md'), lines.join('\n'));
console.log('written: bench/REPORT-restore-memory.md');
