// The A5 profile alone (the groups and top functions of bench:peers' profile section), for work on the hot path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileA2, profileA5 } from './profile.mjs';

const work = mkdtempSync(join(tmpdir(), 'vet-bench-qprof-'));
try {
  const p = await (process.env.BENCH_PROFILE === 'A2' ? profileA2 : profileA5)(work, Number(process.env.BENCH_PROFILE_SECONDS ?? 6));
  console.log(`${p.rps.toFixed(0)} req/s while profiled`);
  for (const g of p.groups) console.log(`${String(g.ms.toFixed(0)).padStart(6)} ms  ${g.shareOfBusy === undefined ? '' : (100 * g.shareOfBusy).toFixed(1) + '%'}  ${g.name}`);
  console.log('--');
  const top = Number(process.env.BENCH_TOP ?? 25);
  for (const f of p.functions.slice(0, top)) console.log(`${String(f.ms.toFixed(0)).padStart(6)} ms  ${(100 * f.shareOfBusy).toFixed(1)}%  ${f.name}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
