// CPU per A2 (`pet/add`) below the partner handler: `users.findLive` + `pets.add` over the
// simulator's own services and a Database with a data folder (durable op log), in process, so the
// figure is the database layer's and not HTTP's. Also run in memory, which tells the op log's share.
// Usage: node bench/write-path.mjs [writes=20000] [rounds=3]   (needs a fresh `npm run build`)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator } from '../out/main/core.js';

const WRITES = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 3);

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** µs of CPU per A2 over `n` writes, spread over 50 users as a 50-connection load would be. */
function measure(s, n, tag) {
  const app = s.apps.byId(1);
  const emails = Array.from({ length: 50 }, (_, i) => `w${i}@bench.example`);
  for (const email of emails)
    if (!s.users.repo.liveByEmail(app.id, email)) s.users.registerApplicationUser(app, { email, first_name: 'Bench', role: 'users', dev_type: 'ios' });
  const pet = { email: '', name: 'Rex', age: '1 years', sex: 'male', species: 'Dog', breed: 'Mixed' };
  const t0 = cpuUs();
  const w0 = performance.now();
  for (let i = 0; i < n; i++) {
    const user = s.users.findLive(app, emails[i % 50]);
    s.pets.add(app, user, { ...pet, name: `${tag}${i}` });
  }
  return { cpuUs: (cpuUs() - t0) / n, wallUs: ((performance.now() - w0) * 1000) / n };
}

async function run(storage) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-write-'));
  const sim = await createSimulator(storage === 'disk' ? { dataDir: dir, checkpointIntervalMs: 3_600_000 } : { inMemory: true });
  try {
    measure(sim.services, 2000, 'warm'); // JIT and statement cache
    const out = [];
    for (let r = 0; r < ROUNDS; r++) out.push(measure(sim.services, WRITES, `r${r}-`));
    return out;
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (xs, k) => xs.map((x) => x[k].toFixed(1)).join(' / ');
for (const storage of ['disk', 'memory']) {
  const r = await run(storage);
  console.log(`A2 below the handler, ${storage.padEnd(6)}: CPU µs/write ${fmt(r, 'cpuUs')}   wall µs/write ${fmt(r, 'wallUs')}`);
}
