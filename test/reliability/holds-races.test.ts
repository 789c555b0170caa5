// Holds (behaviour §18) under clumsy scripts: decisions racing on one held request (exactly one wins, the rest are
// 409, the client gets the winner's answer), a decision landing on the deadline (either the decision or the
// deadline, never both, never a hang), release-all while matching requests keep arriving (every client answered),
// and close() of a listening simulator with requests held and a long poll waiting (returns, clients see the close).
import http from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sim: Simulator;
let url: string;
let port: number;
let closed = false;
beforeEach(async () => {
  closed = false;
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url, port } = await sim.listen(0));
  sim.services.apps.update(1, { rate_limit_per_minute: 0 });
  await fetch(`${url}/api/v2/demo/register-user`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' }) });
});
afterEach(async () => {
  if (!closed) await sim.close();
});

async function ctl(method: string, path: string, body?: unknown) {
  const r = await fetch(`${url}/__sim/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}
/** An A5 on its own connection: its status, or 'closed' when the connection ends without an answer. */
function a5(): { answer: Promise<number | 'closed'>; req: http.ClientRequest } {
  let req!: http.ClientRequest;
  const answer = new Promise<number | 'closed'>((resolve) => {
    req = http.request({ host: '127.0.0.1', port, path: '/api/v2/demo/pet/list?email=ann@example.com', agent: false, headers: { authorization: AUTH } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', () => resolve('closed'));
    });
    req.on('error', () => resolve('closed'));
    req.end();
  });
  return { answer, req };
}
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, sleep(ms).then(() => 'HUNG' as const)]);

it('decisions racing on one held request: exactly one wins, the others are 409, the client gets the winner', async () => {
  for (let round = 0; round < 10; round++) {
    await ctl('POST', '/holds', { endpoint: 'A5' });
    const client = a5();
    const held = (await ctl('GET', '/held?wait_ms=5000')).body.items[0];
    const results = await within(Promise.all([
      ctl('POST', `/held/${held.id}/release`, {}), ctl('POST', `/held/${held.id}/fail`, { status: 503 }),
      ctl('POST', `/held/${held.id}/respond`, { status: 202, message: [], data: [] }), ctl('POST', `/held/${held.id}/close`),
    ]), 5000);
    expect(results).not.toBe('HUNG');
    const all = results as { status: number; body: { status?: number } }[];
    const winners = all.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(all.filter((r) => r.status === 409)).toHaveLength(3);
    const got = await client.answer;
    expect(got).toBe(winners[0].body.status === 444 ? 'closed' : winners[0].body.status);
  }
});

it('a decision on the deadline: either it or the deadline decides, never both, never a hang', async () => {
  for (let round = 0; round < 12; round++) {
    await ctl('POST', '/holds', { endpoint: 'A5', timeout_ms: 100, on_timeout: round % 2 ? 'fail' : 'release' });
    const client = a5();
    const held = (await ctl('GET', '/held?wait_ms=5000')).body.items[0];
    await sleep(Math.max(0, Date.parse(held.deadline_at) - Date.now() - 3 + (round % 6)));
    const decided = await within(ctl('POST', `/held/${held.id}/fail`, { status: 500 }), 5000);
    expect(decided).not.toBe('HUNG');
    const d = decided as { status: number };
    const got = await client.answer;
    if (d.status === 200) expect(got).toBe(500);
    else {
      expect(d.status).toBe(409);
      expect(got).toBe(round % 2 ? 503 : 200);
    }
  }
});

it('release-all while matching requests keep arriving: every client is answered', async () => {
  await ctl('POST', '/holds', { endpoint: 'A5', count: 0 });
  const clients: Promise<number | 'closed'>[] = [];
  let stop = false;
  const feeder = (async () => {
    while (!stop) {
      clients.push(a5().answer);
      await sleep(3);
    }
  })();
  for (let i = 0; i < 15; i++) {
    expect((await ctl('POST', '/held/release-all', {})).status).toBe(200);
    await sleep(5);
  }
  stop = true;
  await feeder;
  await ctl('DELETE', '/holds/hold_1');
  await sleep(100);
  await ctl('POST', '/held/release-all', {});
  const answers = await within(Promise.all(clients), 10_000);
  expect(answers).not.toBe('HUNG');
  expect(new Set(answers as unknown[])).toEqual(new Set([200]));
});

it('close() with requests held and a long poll waiting returns, and the held clients see their connection closed', async () => {
  await ctl('POST', '/holds', { endpoint: 'A5', count: 0, timeout_ms: 600_000 });
  const clients = Array.from({ length: 20 }, () => a5().answer);
  for (let i = 0; i < 100 && sim.services.held.list().length < 20; i++) await sleep(20);
  const poll = fetch(`${url}/__sim/v1/held?wait_ms=60000&hold_id=hold_404`).then((r) => r.status, () => 'closed');
  await sleep(100);
  closed = true;
  expect(await within(sim.close(), 5000)).not.toBe('HUNG');
  expect(new Set(await Promise.all(clients))).toEqual(new Set(['closed']));
  expect(await within(poll, 2000)).not.toBe('HUNG');
});
