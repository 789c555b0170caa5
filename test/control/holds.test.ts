// Holds (issue 27, behaviour §18) over real sockets: a held A8 waits while other requests are answered, and
// each decision — fail, release (with a chosen vet), respond, close, the deadline, the client leaving — gives
// its client exactly what was decided, leaves the data as it says, and is in the journal with who decided.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { DEMO_AUTH } from '../helpers';

let sim: Simulator;
let url: string;
beforeEach(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url } = await sim.listen(0));
  await partner('POST', '/api/v2/demo/register-user', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  await partner('POST', '/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' });
});
afterEach(async () => sim.close());

async function partner(method: string, path: string, body?: object, auth = DEMO_AUTH, signal?: AbortSignal) {
  const r = await fetch(url + path, { method, signal, headers: { authorization: auth, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, headers: r.headers, body: await r.json() };
}
async function ctl(method: string, path: string, body?: object) {
  const r = await fetch(`${url}/__sim/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}
const A8 = { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 };
const talk = (signal?: AbortSignal) => partner('POST', '/api/v2/demo/talk-to-vet', A8, DEMO_AUTH, signal);
const consultations = async () => (await ctl('GET', '/consultations')).body.total as number;
/** The one request held now, once it is. */
async function heldOne(holdId?: string) {
  const r = await ctl('GET', `/held?wait_ms=5000${holdId ? `&hold_id=${holdId}` : ''}`);
  expect(r.body.items).toHaveLength(1);
  return r.body.items[0] as { id: string; hold_id: string; endpoint: string; body: string; deadline_at: string; received_at: string; client_connected: boolean };
}
const settled = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);
const lastEntry = async () => (await ctl('GET', `/requests/${(await ctl('GET', '/requests?limit=1')).body.items[0].id}`)).body;

describe('holds', () => {
  it('holds the next A8 only: unanswered while held, listed with its masked body, A5 answered meanwhile; fail 503 answers it and creates nothing', async () => {
    const armed = await ctl('POST', '/holds', { endpoint: 'A8' });
    expect(armed.status).toBe(201);
    expect(armed.body).toMatchObject({ id: 'hold_1', endpoint: 'A8', count: 1, remaining: 1, timeout_ms: 60000, on_timeout: 'release' });
    const waiting = talk();
    expect(await settled(waiting, 500)).toBe(false);
    const held = await heldOne();
    expect(held).toMatchObject({ hold_id: 'hold_1', endpoint: 'A8', client_connected: true });
    expect(JSON.parse(held.body)).toEqual(A8);
    expect(Date.parse(held.deadline_at) - Date.parse(held.received_at)).toBe(60000);
    // Other requests are answered meanwhile.
    expect((await partner('GET', '/api/v2/demo/pet/list?email=ann@example.com')).status).toBe(200);
    // The hold of count 1 is used up: removed.
    expect((await ctl('GET', '/holds')).body.items).toEqual([]);

    const decided = await ctl('POST', `/held/${held.id}/fail`, { status: 503, message: 'Maintenance' });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ held_id: held.id, hold_id: 'hold_1', decision: 'fail', by: 'control_api', status: 503 });
    const answer = await waiting;
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ success: false, status_code: 503, message: ['Maintenance'], data: [] });
    expect(await consultations()).toBe(0);
    // The journal flags the made-up answer and says who decided, after how long.
    const entry = await lastEntry();
    expect(entry).toMatchObject({ endpoint: 'A8', status: 503, injected: 'decided', hold: { decision: 'fail', by: 'control_api', status: 503 } });
    expect(entry.hold.held_ms).toBeGreaterThanOrEqual(400);
    // A second decision on it: 409. The next A8 is not held.
    expect((await ctl('POST', `/held/${held.id}/release`)).status).toBe(409);
    expect((await ctl('POST', '/held/held_99/release')).status).toBe(404);
    expect((await talk()).status).toBe(200);
  });

  it('release with a chosen vet: the consultation goes to that vet; 429 carries Retry-After; respond answers exactly the envelope', async () => {
    await ctl('POST', '/holds', { endpoint: 'A8', count: 0 });
    const first = talk();
    const held = await heldOne();
    expect((await ctl('POST', `/held/${held.id}/release`, { vet_id: 'vet_404' })).status).toBe(422);
    const released = await ctl('POST', `/held/${held.id}/release`, { vet_id: 'vet_3' });
    expect(released.body).toMatchObject({ decision: 'release', status: 200, vet_id: 'vet_3' });
    const a = await first;
    expect(a.status).toBe(200);
    const sid = a.body.data.channel as string;
    expect((await ctl('GET', `/consultations/${sid}`)).body.vet.id).toBe('vet_3');
    expect((await lastEntry()).injected).toBe('held');
    const timeline = (await ctl('GET', `/consultations/${sid}`)).body.timeline as { kind: string; text: string }[];
    expect(timeline.find((e) => e.kind === 'hold')?.text).toMatch(/released by control_api/);

    const second = talk();
    const h2 = await heldOne();
    expect((await ctl('POST', `/held/${h2.id}/fail`, { status: 418 })).body.status).toBe(418);
    expect((await second).body).toEqual({ success: false, status_code: 418, message: ["I'm a Teapot"], data: [] });
    const third = talk();
    const h3 = await heldOne();
    expect((await ctl('POST', `/held/${h3.id}/fail`, { status: 200 })).status).toBe(422);
    await ctl('POST', `/held/${h3.id}/fail`, { status: 429 });
    const limited = await third;
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body.message).toEqual(['Too Many Attempts.']);

    const fourth = talk();
    const h4 = await heldOne();
    const envelope = { status: 200, message: ['Made up.'], data: { channel: 'CHfake', stringify_response: '{}' } };
    expect((await ctl('POST', `/held/${h4.id}/respond`, { ...envelope, status: 204 })).status).toBe(422);
    expect((await ctl('POST', `/held/${h4.id}/respond`, { status: 200, message: 'Made up.', data: [] })).status).toBe(422);
    expect((await ctl('POST', `/held/${h4.id}/respond`, envelope)).body.status).toBe(200);
    expect((await fourth).body).toEqual({ success: true, status_code: 200, message: ['Made up.'], data: { channel: 'CHfake', stringify_response: '{}' } });
    expect(await consultations()).toBe(1);
    expect((await ctl('DELETE', '/holds/hold_1')).status).toBe(200);
    expect((await ctl('DELETE', '/holds/hold_1')).status).toBe(404);
  });

  it('close: the client sees the socket closed, nothing is created, and the journal says 444 decided', async () => {
    await ctl('POST', '/holds', { endpoint: 'A8' });
    const waiting = talk().then(() => 'answered', (err: Error) => `failed: ${err.message}`);
    const held = await heldOne();
    expect((await ctl('POST', `/held/${held.id}/close`)).body).toMatchObject({ decision: 'close', status: 444 });
    expect(await waiting).toMatch(/^failed: fetch failed/);
    expect(await consultations()).toBe(0);
    expect(await lastEntry()).toMatchObject({ status: 444, injected: 'decided', hold: { decision: 'close' } });
  });

  it('timeout_ms 1000 with on_timeout release: answered normally after 1–2 s; a client that leaves after 300 ms is recorded and nothing is created', async () => {
    await ctl('POST', '/holds', { endpoint: 'A8', count: 2, timeout_ms: 1000, on_timeout: 'release' });
    const started = Date.now();
    const r = await talk();
    const waited = Date.now() - started;
    expect(r.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(2000);
    expect((await lastEntry()).hold).toMatchObject({ decision: 'release', by: 'timeout' });

    const abort = new AbortController();
    const leaving = talk(abort.signal).catch(() => 'aborted');
    await heldOne();
    await new Promise((res) => setTimeout(res, 300));
    abort.abort();
    expect(await leaving).toBe('aborted');
    await expect.poll(async () => (await ctl('GET', '/held')).body.items.length).toBe(0);
    await new Promise((res) => setTimeout(res, 1200)); // past the deadline: nothing is processed late
    expect(await consultations()).toBe(1);
    const entry = await lastEntry();
    expect(entry).toMatchObject({ status: 499, injected: 'decided', hold: { decision: 'client_gone', by: 'client' } });
    expect(entry.hold.client_gone_after_ms).toBeGreaterThanOrEqual(250);
  });

  it('a client that left during a fault rule\'s delay, before the hold, is not held, not processed (journaled 499), and leaves the hold armed', async () => {
    await ctl('PUT', '/faults', [{ endpoint: 'A8', delay_ms: 400 }]);
    await ctl('POST', '/holds', { endpoint: 'A8' });
    const abort = new AbortController();
    const leaving = talk(abort.signal).catch(() => 'aborted');
    setTimeout(() => abort.abort(), 100);
    expect(await leaving).toBe('aborted');
    await new Promise((res) => setTimeout(res, 600)); // past the delay
    expect((await ctl('GET', '/held')).body.items).toEqual([]);
    expect(await consultations()).toBe(0);
    expect((await ctl('GET', '/holds')).body.items).toMatchObject([{ id: 'hold_1', remaining: 1 }]);
    expect(await lastEntry()).toMatchObject({ endpoint: 'A8', status: 499, injected: 'delay', error: expect.stringMatching(/during the fault rule's delay/) });
  });

  it('a hold never hides a 401, a 422 or a 429: those answer at once; match narrows to a field; invalid arming is 422 naming the field', async () => {
    await ctl('POST', '/holds', { endpoint: 'A8', count: 0, match: { pet_id: 2 } });
    const wrong = await partner('POST', '/api/v2/demo/talk-to-vet', A8, `Basic ${Buffer.from('demo:wrong').toString('base64')}`);
    expect(wrong.status).toBe(401);
    expect((await partner('POST', '/api/v2/demo/talk-to-vet', { email: 'ann@example.com' })).status).toBe(422);
    // pet_id 1 does not match the hold's pet_id 2: answered at once.
    expect((await talk()).status).toBe(200);
    expect((await ctl('GET', '/held')).body.items).toEqual([]);
    for (const [body, field] of [
      [{ endpoint: 'A99' }, 'endpoint'], [{ endpoint: 'A8', count: -1 }, 'count'], [{ endpoint: 'A8', timeout_ms: 5 }, 'timeout_ms'],
      [{ endpoint: 'A8', on_timeout: 'explode' }, 'on_timeout'], [{ endpoint: 'A8', bogus: 1 }, 'bogus'],
    ] as const) {
      const r = await ctl('POST', '/holds', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error.message).toContain(field);
    }
  });

  it('holds are configuration: they survive a restart of the data folder, and a reset removes them', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'vet-sim-holds-'));
    try {
      let s = await createSimulator({ dataDir: dir });
      let l = await s.listen(0);
      await fetch(`${l.url}/__sim/v1/holds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: 'A10', count: 3 }) });
      await s.close();
      s = await createSimulator({ dataDir: dir });
      l = await s.listen(0);
      expect((await (await fetch(`${l.url}/__sim/v1/holds`)).json()).items).toMatchObject([{ id: 'hold_1', endpoint: 'A10', remaining: 3 }]);
      await fetch(`${l.url}/__sim/v1/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect((await (await fetch(`${l.url}/__sim/v1/holds`)).json()).items).toEqual([]);
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
