// The quick run of the control API's body fuzz (control-fuzz.ts) in `npm test`; the reliability suite runs a
// longer one (test/reliability/control-fuzz.test.ts). FUZZ_CONTROL_RUNS and FUZZ_SEED replay a failure.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/run';
import { fuzzControlBodies } from './control-fuzz';

describe('control API bodies, fuzzed', () => {
  it('never answer 5xx or take the process down, and the folder starts again', async () => {
    const tally = await fuzzControlBodies(tempDir(), Number(process.env.FUZZ_CONTROL_RUNS ?? 600), process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined);
    if (process.env.FUZZ_TALLY) console.log(tally);
    // The generated bodies get past validation on every route, not only into its 422s.
    for (const route of ['POST /clock', 'PUT /faults', 'POST /apps', 'PATCH /apps', 'PUT /packages', 'PATCH /vets', 'PUT /autopilot'])
      expect(tally[`${route} 2xx`] ?? 0, route).toBeGreaterThan(0);
  }, 60_000);
});
