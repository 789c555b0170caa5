// Holds (behaviour §18): a reset removes the holds "not the requests already waiting", and hold ids restart at
// hold_1 (the sequence lives in the meta table a reset clears). A request still held by the old hold_1 then
// answers for the new hold_1: `GET /held?hold_id=hold_1` lists it, and `sim.holds.next('A5')` (which polls by
// hold id) returns a stale A8 — a test suite that resets between tests decides the previous test's request.
// Expected: a hold armed after the reset does not claim a request held before it.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
let sim: Simulator;
let url: string;
let port: number;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url, port } = await sim.listen(0));
});
afterAll(async () => sim.close());
async function ctl(method: string, path: string, body?: unknown) {
  const r = await fetch(`${url}/__sim/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await r.json()) as { id: string; items: { id: string; hold_id: string; endpoint: string }[] };
}

it('after a reset, a new hold does not list (or hand to next()) a request held by the old hold of the same id', async () => {
  const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/v2/demo/register-user', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  await post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' });
  const old = await ctl('POST', '/holds', { endpoint: 'A8' });
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v2/demo/talk-to-vet', agent: false, headers: { authorization: AUTH, 'content-type': 'application/json' } });
  req.on('error', () => undefined);
  req.end(JSON.stringify({ email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 }));
  const stale = (await ctl('GET', `/held?hold_id=${old.id}&wait_ms=5000`)).items[0];
  expect(stale.endpoint).toBe('A8');
  await ctl('POST', '/reset');
  const fresh = await ctl('POST', '/holds', { endpoint: 'A5' });
  const listed = (await ctl('GET', `/held?hold_id=${fresh.id}&wait_ms=300`)).items;
  req.destroy();
  expect(listed.map((h) => h.id)).not.toContain(stale.id);
});
