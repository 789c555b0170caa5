// CPU per A2 (`pet/add`) below the partner handler: `users.findLive` + `pets.add` over the
// simulator's own services and a Database with a data folder (durable op log), in process, so the
// figure is the database layer's and not HTTP's. Also run in memory, which tells the op log's share.
// BENCH_BEFORE=/path/to/other/out/main/core.js loads that build too (e.g. the code before a change)
// and alternates rounds between the two in this one process: on a shared machine only ratios from
// the same sitting mean anything.
// Usage: node bench/write-path.mjs [writes=10000] [rounds=5]   (needs a fresh `npm run build`)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WRITES = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.argv[3] ?? 5);
const builds = [['this build', new URL('../out/main/core.js', import.meta.url).href]];
if (process.env.BENCH_BEFORE) builds.unshift(['before', process.env.BENCH_BEFORE]);

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** µs of CPU per A2 over `n` writes, spread over 50 users as a 50-connection load would be. */
function measure(s, n, tag) {
  const app = s.apps.byId(1);
  const emails = Array.from({ length: 50 }, (_, i) => `w${i}@bench.example`);
  for (const email of emails)
    if (!s.users.repo.liveByEmail(app.id, email)) s.users.registerApplicationUser(app, { email, first_name: 'Bench', role: 'users', dev_type: 'ios' });
  const pet = { email: '', name: 'Rex', age: '1 years', sex: 'male', species: 'Dog', breed: 'Mixed' };
  const t0 = cpuUs();
  for (let i = 0; i < n; i++) {
    const user = s.users.findLive(app, emails[i % 50]);
    s.pets.add(app, user, { ...pet, name: `${tag}${i}` });
  }
  return (cpuUs() - t0) / n;
}

const sims = [];
for (const [label, url] of builds) {
  const { createSimulator } = await import(url);
  for (const storage of ['disk', 'memory']) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-write-'));
    const sim = await createSimulator(storage === 'disk' ? { dataDir: dir, checkpointIntervalMs: 3_600_000 } : { inMemory: true });
    measure(sim.services, 2000, 'warm'); // JIT and statement cache
    sims.push({ label, storage, sim, dir, us: [] });
  }
}
for (let r = 0; r < ROUNDS; r++) for (const s of sims) s.us.push(measure(s.sim.services, WRITES, `r${r}-`));
for (const s of sims) {
  console.log(`A2 below the handler, ${s.label.padEnd(10)} ${s.storage.padEnd(6)}: CPU µs/write median ${median(s.us).toFixed(1)} (rounds ${s.us.map((u) => u.toFixed(0)).join(' ')})`);
  await s.sim.close();
  rmSync(s.dir, { recursive: true, force: true });
}
