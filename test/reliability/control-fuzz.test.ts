// The long run of the control API's body fuzz (test/control/control-fuzz.ts; `npm test` runs 600 calls):
// 20,000 generated calls to clock, faults, apps, packages, vets and autopilot, partner requests between them,
// then the data folder restarted. FUZZ_CONTROL_RUNS and FUZZ_SEED change the run or replay a failure.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../cli/run';
import { fuzzControlBodies } from '../control/control-fuzz';

describe('control API bodies, fuzzed at length', () => {
  it('never answer 5xx or take the process down, and the folder starts again', async () => {
    const tally = await fuzzControlBodies(tempDir(), Number(process.env.FUZZ_CONTROL_RUNS ?? 20_000), process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined);
    console.log('control fuzz answers by route:', tally);
    expect(Object.keys(tally).filter((k) => k.endsWith('5xx'))).toEqual([]);
  });
});
