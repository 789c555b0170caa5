// A clock move runs the autopilot steps falling due in it before it answers (behaviour §17), and ran them in one
// synchronous loop: 30,000 steps held every partner request until the last had run. They now run in slices with
// the event loop's turn between them, like the real-time tick (issue 35 item 8), and two moves never interleave.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { Harness } from '../helpers';
import { chatWithPendingSteps, pendingCount } from './due-steps';

let h: Harness | undefined;
let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(null)));
  await h?.sim.close();
  h = undefined;
  server = undefined;
});


it('an advance over 30,000 due steps answers after all ran, while partner requests meanwhile are answered within a slice', async () => {
  const made = await chatWithPendingSteps(30_000, (now, i) => now + 1000 + i);
  h = made.h;
  const { now } = made;

  server = createServer(h.sim.handle);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const partner = `${base}/api/v2/demo/media-url`;
  expect((await fetch(partner)).status).toBe(200);

  let answered = false;
  const move = fetch(`${base}/__sim/v1/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance: '1h' }) }).then(async (r) => {
    answered = true;
    return { status: r.status, body: await r.json() };
  });
  // A second move sent meanwhile waits for the first: its steps never interleave with the first's.
  const second = fetch(`${base}/__sim/v1/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: 1 }) }).then((r) => r.json());
  const waits: number[] = [];
  while (!answered) {
    const started = performance.now();
    const r = await fetch(partner);
    waits.push(performance.now() - started);
    expect([200, 429]).toContain(r.status);
  }
  const first = await move;
  expect(first.status).toBe(200);
  // The two moves went one after the other, whichever arrived first (two connections): the later lands on the sum.
  const landings = [Date.parse(first.body.now), Date.parse((await second).now)].sort((a, b) => a - b);
  expect([[now + 3_600_000, now + 3_601_000], [now + 1_000, now + 3_601_000]]).toContainEqual(landings);
  expect(pendingCount(h)).toBe(0);
  expect(waits.length).toBeGreaterThan(10); // requests were answered while the steps ran (the loop let none in)
  const sorted = [...waits].sort((a, b) => a - b);
  expect(sorted[Math.floor(0.9 * sorted.length)]).toBeLessThan(50); // p90: the OS's own pauses on a shared machine aside
}, 120_000);

it('a reset while a move runs its steps stops the move: the reset keeps its real time, and no step runs over the new data', async () => {
  const made = await chatWithPendingSteps(30_000, (now, i) => now + 1000 + i, () => '{"vet_online":true}');
  h = made.h;
  server = createServer(h.sim.handle);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__sim/v1`;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const move = post('/clock', { advance: '1h' });
  while (pendingCount(h) === 30_000) await new Promise((r) => setTimeout(r, 1)); // the move is under way
  const reset = await post('/reset', { clock: 'real_time' });
  expect(reset.status).toBe(200);
  const moved = await move;
  expect(moved.status).toBe(409);
  expect(moved.body.error.code).toBe('clock_move_interrupted');
  const clock = (await h.ctl.get('/clock')).body;
  expect(clock).toMatchObject({ is_real_time: true, frozen: false }); // what the reset asked for, not an hour ahead
  expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(5_000);
  expect(pendingCount(h)).toBe(0);
}, 120_000);
