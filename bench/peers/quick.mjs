// A quick look while working on the hot path: the simulator's A5 and A2 against bare node:http in one
// sitting, CPU per request and throughput only (no peers, no cold start, no profile). BENCH_DURATION etc. apply.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureTarget } from './measure.mjs';
import { captureFixture } from './simulator.mjs';
import { TARGETS } from './targets.mjs';

const work = mkdtempSync(join(tmpdir(), 'vet-bench-quick-'));
try {
  const fixtureFile = join(work, 'a5.json');
  await captureFixture(fixtureFile);
  const keys = (process.env.BENCH_ONLY ?? 'bare,simulator').split(',');
  const out = {};
  for (const key of keys) {
    const t = TARGETS.find((x) => x.key === key);
    const m = await measureTarget(t, mkdtempSync(join(work, key)), fixtureFile);
    out[key] = m;
    console.log(`${key}: ${m.tp.rps.toFixed(0)} req/s, ${m.tp.cpuPerRequestUs.toFixed(0)} µs CPU/req, p99@${m.tp.connections ?? 50} ${m.tp.p99} ms, p50@1 ${m.seq.p50.toFixed(3)} ms, p99@1 ${m.seq.p99?.toFixed?.(3)} ms, RSS ${m.rss.toFixed(0)} MiB${m.write ? `, A2 ${m.write.rps.toFixed(0)} req/s ${m.write.cpuPerRequestUs.toFixed(0)} µs` : ''}`);
  }
  if (out.bare && out.simulator) console.log(`A5 ${(100 * out.simulator.tp.rps / out.bare.tp.rps).toFixed(1)}% of bare, A2 ${(100 * out.simulator.write.rps / out.bare.tp.rps).toFixed(1)}% of bare`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
