// Holds from a test (behaviour §18): `sim.holds.next(endpoint, { timeoutMs })` long-polls GET /held?wait_ms=.
// With a timeoutMs that is not a whole number (1500.5, or 1.5 * 1000 computed in a test) the client sends
// wait_ms=1500.5, which the route reads as no wait at all (int() wants digits only), so next() spins: 620
// polls in 1.5 s instead of one. Expected: a handful of polls, whatever the timeoutMs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../src-main/api';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => sim.close());

it('next() with timeoutMs 1500.5 waits on the server instead of polling in a loop', async () => {
  let polls = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    if (String(input instanceof Request ? input.url : input).includes('/held?')) polls++;
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    await expect(sim.holds.next('A8', { timeoutMs: 1500.5 })).rejects.toThrow(/No A8 request was held/);
  } finally {
    globalThis.fetch = realFetch;
  }
  expect(polls).toBeLessThanOrEqual(3);
});
