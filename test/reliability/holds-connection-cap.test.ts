// Holds (behaviour §18) and the connection caps (http/connection-limits.ts): every held request keeps its socket
// open, and the per-address cap counts them. With a count-0 hold under a flood from the tester's own machine,
// once `perAddress` requests are held every NEW loopback connection — the tester's curl, a script, the UI — gets
// 503 "Too many open connections", so nobody can release them until their deadline (up to 10 minutes).
// Seen with the default caps: 510 held A5s, then a fresh GET /__sim/v1/held and POST /held/release-all → 503.
// Expected: the control API stays reachable while requests are held.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const PER_ADDRESS = 8;
let sim: Simulator;
let port: number;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0, connectionLimits: { total: 2048, perAddress: PER_ADDRESS } });
  ({ port } = await sim.listen(0));
});
afterAll(async () => sim.close());

/** One request on its own connection, as curl makes it. */
function fresh(method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers: { authorization: AUTH, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

it('with as many requests held as the per-address cap, a new control connection can still release them', async () => {
  expect(await fresh('POST', '/api/v2/demo/register-user', JSON.stringify({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' }))).toBe(200);
  expect(await fresh('POST', '/__sim/v1/holds', JSON.stringify({ endpoint: 'A5', count: 0 }))).toBe(201);
  const clients = Array.from({ length: PER_ADDRESS }, () => fresh('GET', '/api/v2/demo/pet/list?email=ann@example.com'));
  for (let i = 0; i < 100 && sim.services.held.list().length < PER_ADDRESS; i++) await new Promise((r) => setTimeout(r, 20));
  expect(sim.services.held.list()).toHaveLength(PER_ADDRESS);
  const listed = await fresh('GET', '/__sim/v1/held');
  const released = await fresh('POST', '/__sim/v1/held/release-all', '{}');
  // Freed either way, so the clients end.
  for (const h of sim.services.held.list()) void sim.services.held.decide(h.id, { kind: 'release', by: 'control_api' });
  await Promise.all(clients);
  expect({ listed, released }).toEqual({ listed: 200, released: 200 });
});
