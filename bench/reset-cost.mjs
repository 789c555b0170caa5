// What `POST /__sim/v1/reset` costs, piece by piece, in process (no HTTP): the whole
// `Simulator.reset()`, and the database's own part of it timed alone — the swap to the reset state
// (`services.defaults.reset()`, i.e. `Database.resetToSeeded`) — with a few partner writes before each
// reset so that every reset has something to drop. Medians over many resets, after a few that warm the code.
// Usage: node bench/reset-cost.mjs [resets=60]   (needs a fresh `npm run build`)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// BENCH_CORE=/path/to/out/main/core.js measures another build (e.g. the code before a change) in the same sitting.
const { createSimulator } = await import(process.env.BENCH_CORE ?? '../out/main/core.js');

const RESETS = Number(process.argv[2] ?? 60);
const median = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function dirty(s, i) {
  const app = s.apps.byId(1);
  const u = s.users.registerApplicationUser(app, { email: `r${i}@bench.example`, first_name: 'Reset', role: 'users', dev_type: 'ios' });
  s.pets.add(app, u, { name: 'Rex', age: '1 years', sex: 'male' });
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function run(storage) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reset-'));
  const sim = await createSimulator(storage === 'disk' ? { dataDir: dir, checkpointIntervalMs: 3_600_000 } : { inMemory: true });
  const { services: s } = sim;
  const swap = () => s.defaults.reset();
  try {
    const whole = [], part = [];
    for (let i = 0; i < RESETS + 5; i++) {
      dirty(s, i);
      const a = await timed(() => sim.reset());
      dirty(s, i);
      const b = await timed(swap);
      if (i >= 5) whole.push(a), part.push(b);
    }
    await sim.reset(); // the swap alone leaves the rest of the simulator's state behind
    return { whole: median(whole), part: median(part), api: 'services.defaults.reset' };
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const storage of ['memory', 'disk']) {
  const r = await run(storage);
  console.log(`reset, ${storage.padEnd(6)}: Simulator.reset() median ${r.whole.toFixed(2)} ms; database part (${r.api}) ${r.part.toFixed(2)} ms`);
}
