// Holds (behaviour §18): GET /__sim/v1/held?wait_ms= is a long poll. When its client gives up, the route stops
// waiting (hold-routes.ts races req 'close'), but the desk's waiter (desk.ts waitFor) stays registered with its
// timer for the rest of wait_ms (up to 60 s): a script that polls with a shorter client timeout piles them up
// (2,000 abandoned polls → 1,337 waiters still registered a second later, ~40 MB of heap).
// Expected: a long poll whose client left leaves no waiter behind.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

let sim: Simulator;
let port: number;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true });
  ({ port } = await sim.listen(0));
});
afterAll(async () => sim.close());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('abandoned long polls leave no waiters in the desk', async () => {
  const polls = Array.from({ length: 20 }, () => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: '/__sim/v1/held?wait_ms=60000', agent: false });
    req.on('error', () => undefined);
    req.end();
    return req;
  });
  const waiters = (sim.services.held as unknown as { waiters: Set<unknown> }).waiters;
  for (let i = 0; i < 100 && waiters.size < 20; i++) await sleep(20);
  expect(waiters.size).toBe(20);
  for (const p of polls) p.destroy();
  await sleep(500);
  expect(waiters.size).toBe(0);
});
