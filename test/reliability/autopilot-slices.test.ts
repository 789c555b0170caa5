// Issue 35 item 8: in real time the 250 ms autopilot tick ran every due step in one synchronous loop; 30,000 steps
// falling due together froze every request for 2.2 s. Steps now run in slices that let waiting requests in
// (behaviour §17: a request waits ≤ 20 ms behind the autopilot; this test allows 50 ms for a busy machine).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { chatWithPendingSteps, pendingCount } from './due-steps';

let h: Harness | undefined;
let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = undefined;
  await h?.sim.close();
  h = undefined;
});


describe('30,000 steps falling due together in real time', () => {
  it('run to the end while a partner request meanwhile answers within 50 ms', async () => {
    ({ h } = await chatWithPendingSteps(30_000, (now) => now));
    expect(pendingCount(h)).toBe(30_000);

    server = createServer(h.sim.handle);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/demo/media-url`;
    expect((await fetch(url)).status).toBe(200); // the connection is open before the clock runs

    expect((await h.ctl.post('/clock', { real_time: true })).status).toBe(200); // every step is due now
    const waits: number[] = [];
    const deadline = Date.now() + 60_000;
    while (pendingCount(h) > 0 && Date.now() < deadline) {
      const started = performance.now();
      const r = await fetch(url);
      waits.push(performance.now() - started);
      expect([200, 429]).toContain(r.status); // answered (the demo app's rate limit counts these too)
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(pendingCount(h)).toBe(0);
    expect(waits.length).toBeGreaterThan(10); // the requests were made while steps were running
    // Wall-clock times on a shared CI machine include the moments the OS gives the CPU to others, so the bound is
    // asserted on the 90th percentile; the single loop this replaces made one request wait the whole 2.2 s (or more),
    // which the maximum still catches.
    const sorted = [...waits].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    expect(at(0.9)).toBeLessThan(50);
    expect(sorted.at(-1)).toBeLessThan(300);
  }, 90_000);
});

describe('rule sets in real time and under clock moves (fast-check)', () => {
  const step = fc.oneof(
    fc.record({ after: fc.constantFrom('0s', '1s', '20s', '5m'), do: fc.constantFrom('accept', 'end') }),
    fc.record({ after: fc.constantFrom('0s', '2s'), say: fc.constantFrom('Hi {vet.first_name}', 'How is {pet.name}?') }),
    fc.record({ feedback: fc.record({ recommendation: fc.constantFrom('Urgent', 'non_urgent', 'Non-urgent', 'critical', 'EMERGENCY'), reason: fc.constant('Seen') }) }),
    fc.record({ outcome: fc.oneof(fc.constantFrom('accepted', 'declined', 'notanswered'), fc.record({ accepted: fc.nat(5), declined: fc.integer({ min: 1, max: 5 }) })) }),
    fc.record({ vet_online: fc.boolean() }),
  );
  const rule = fc.record({ match: fc.option(fc.record({ type: fc.constantFrom('chat', 'video'), email: fc.constantFrom('*@example.com', '*a*a*a*a*a*a*a*a*a*a*a*b', 'ann?@*') }), { nil: undefined }), steps: fc.array(step, { minLength: 1, maxLength: 6 }) });
  const moves = fc.array(fc.oneof(fc.record({ advance_seconds: fc.integer({ min: 0, max: 400 }) }), fc.constant({ advance_to: 'next_step' }), fc.constant({ real_time: true }), fc.constant({ frozen: true })), { maxLength: 6 });

  it('0 crashes, 0 5xx', async () => {
    h = await makeSim();
    await h.registerUser();
    await h.addPet();
    const sim = h;
    await fc.assert(
      fc.asyncProperty(fc.array(rule, { minLength: 1, maxLength: 3 }), fc.nat(1000), moves, async (rules, seed, clockMoves) => {
        const put = await sim.ctl.put('/autopilot', { seed, rules: rules.map((r) => (r.match ? r : { steps: r.steps })) });
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        for (const type of ['chat', 'video'] as const) {
          const r = await sim.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: type, pet_id: 1 });
          // Every vet busy or put offline by a step: the contract's 503, not a failure (behaviour §4).
          if (r.status === 503) expect(r.body.message).toEqual(['No vet is available right now.']);
          else expect(r.status).toBeLessThan(500);
        }
        for (const move of clockMoves) expect((await sim.ctl.post('/clock', move)).status).toBeLessThan(500);
        expect((await sim.ctl.get('/autopilot/pending')).status).toBe(200);
        await new Promise((r) => setTimeout(r, 30)); // a real-time tick may run meanwhile
        expect((await sim.ctl.post('/clock', { advance: '1h' })).status).toBeLessThan(500);
        expect((await sim.ctl.get('/consultations')).status).toBe(200);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
