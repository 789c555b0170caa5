// Holds are configuration (behaviour §18): a `serve` process killed with -9 while holds are armed and requests
// held restarts with the same holds and their remaining counts as taken before the kill (a held request took
// one of its hold's count), no request held, and later holds numbered after the old ones.
import http from 'node:http';
import { beforeAll, expect, it } from 'vitest';
import { requireBuild, run, tempDir } from '../cli/run';

const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
beforeAll(() => requireBuild());

async function ctl(url: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${url}/__sim/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as { id: string; items: { id: string; endpoint: string; remaining: number | null }[] } };
}
function send(url: string, method: string, path: string, body?: unknown): void {
  const u = new URL(url);
  const req = http.request({ host: u.hostname, port: u.port, method, path, agent: false, headers: { authorization: AUTH, 'content-type': 'application/json' } });
  req.on('error', () => undefined);
  req.end(body === undefined ? undefined : JSON.stringify(body));
}
const shown = (items: { id: string; endpoint: string; remaining: number | null }[]) => items.map((h) => `${h.id} ${h.endpoint} ${h.remaining}`);

it('kill -9 with holds armed and requests held: the folder restarts with the holds and their remaining counts', async () => {
  const dir = tempDir();
  let s = run(['--port', '0', '--data-dir', dir]);
  let url = await s.ready;
  const post = (path: string, body: unknown) => fetch(url + path, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/v2/demo/register-user', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  await post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' });
  for (const h of [{ endpoint: 'A8', count: 3 }, { endpoint: 'A5', count: 0, timeout_ms: 600_000 }, { endpoint: 'B5', count: 7, on_timeout: 'fail', match: { pet_id: 3 } }]) {
    expect((await ctl(url, 'POST', '/holds', h)).status).toBe(201);
  }
  send(url, 'POST', '/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  send(url, 'GET', '/api/v2/demo/pet/list?email=ann@example.com');
  send(url, 'GET', '/api/v2/demo/pet/list?email=ann@example.com');
  for (let i = 0; i < 200 && (await ctl(url, 'GET', '/held')).body.items.length < 3; i++) await sleep(10);
  expect((await ctl(url, 'GET', '/held')).body.items).toHaveLength(3);
  const before = shown((await ctl(url, 'GET', '/holds')).body.items);
  expect(before).toEqual(['hold_1 A8 2', 'hold_2 A5 null', 'hold_3 B5 7']);
  s.child.kill('SIGKILL');
  await s.exited;

  s = run(['--port', '0', '--data-dir', dir]);
  url = await s.ready;
  try {
    expect(shown((await ctl(url, 'GET', '/holds')).body.items)).toEqual(before);
    expect((await ctl(url, 'GET', '/held')).body.items).toEqual([]);
    expect((await ctl(url, 'POST', '/holds', { endpoint: 'A1' })).body.id).toBe('hold_4');
  } finally {
    s.child.kill('SIGTERM');
    await s.exited;
  }
});
