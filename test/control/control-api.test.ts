// The control API: guards, tenants, vets, clock, faults, journal (masking, cap), events, reset, snapshot, openapi.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { admit } from '../../src-main/core/control/token-access';
import { ENDPOINTS } from '../../src-shared/endpoints';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

describe('guards (behaviour §12)', () => {
  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const r = await h.http.get('/__sim/v1/health').set('host', 'evil.example:4010');
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { code: 'bad_host', message: 'The Host header must be localhost, 127.0.0.1 or [::1].', details: [] } });
    expect((await h.http.get('/__sim/v1/health').set('host', 'localhost:4010')).status).toBe(200);
  });
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('refuses a state change sent as %s (CSRF)', async (type) => {
    const r = await h.http.post('/__sim/v1/reset').set('content-type', type).send('x');
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe('unsupported_content_type');
  });
  it('refuses a cross-origin request', async () => {
    const r = await h.http.post('/__sim/v1/reset').set('origin', 'https://evil.example').send({});
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('bad_origin');
  });
  it('refuses a non-loopback peer', () => {
    const peer = (remoteAddress: string, host: string) => ({ socket: { remoteAddress }, headers: { host }, method: 'GET' }) as never;
    expect(admit(undefined, peer('192.0.2.7', '127.0.0.1:4010'))).toEqual({ status: 403, code: 'not_loopback', message: 'The control API answers loopback clients only.' });
    expect(admit(undefined, peer('::ffff:127.0.0.1', 'localhost:1'))).toBeUndefined();
  });
  it('unknown control routes and bad JSON answer in the control error format', async () => {
    expect((await h.ctl.get('/nope')).body).toEqual({ error: { code: 'not_found', message: 'No such control route.', details: [] } });
    const bad = await h.http.post('/__sim/v1/clock').set('content-type', 'application/json').send('{');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('malformed_json');
  });
});

describe('tenants and vets', () => {
  it('health, apps list, create, patch, new token', async () => {
    const health = await h.ctl.get('/health');
    expect(health.body).toMatchObject({ status: 'ok', version: '0.0.0', api_base_url: `http://${new URL(health.request.url).host}` });
    expect(health.body).toMatchObject({ journal_cap: 10_000, journal_cap_bytes: 64 * 1024 * 1024 });
    expect((await h.ctl.get('/apps')).body.items[0]).toMatchObject({ id: 1, name: 'demo', api_username: 'demo', api_token: 'demo-secret', api_key: 'demo-api-key', rate_limit_per_minute: 200 });
    const acme = await h.ctl.post('/apps', { name: 'acme', display_name: 'ACME Pets' });
    expect(acme.status).toBe(201);
    expect(acme.body.api_token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await h.ctl.post('/apps', { name: 'acme' })).status).toBe(409);
    expect((await h.ctl.post('/apps', { name: 'Bad Name!' })).status).toBe(422);
    expect((await h.ctl.patch('/apps/2', { rate_limit_per_minute: 0 })).body.rate_limit_per_minute).toBe(0);
    const rotated = await h.ctl.post('/apps/1/token');
    expect(rotated.body.api_token).not.toBe('demo-secret');
    expect((await h.http.get('/api/v2/demo/pet/list?email=a@b.co').set('authorization', DEMO_AUTH)).status).toBe(401);
    expect((await h.ctl.patch('/apps/9', {})).status).toBe(404);
  });
  it('vets list and online toggle', async () => {
    expect((await h.ctl.get('/vets')).body.items.map((v: { id: string }) => v.id)).toEqual(['vet_1', 'vet_2', 'vet_3']);
    expect((await h.ctl.patch('/vets/vet_2', { online: false })).body).toMatchObject({ id: 'vet_2', online: false, busy: false });
    expect((await h.ctl.patch('/vets/vet_2', { online: 'no' })).status).toBe(422);
  });
});

describe('clock', () => {
  it('advance, freeze, set, back to real time', async () => {
    // Real time is the test's to move, so "frozen" is checked without waiting for the wall clock.
    const real = { now: Date.parse('2026-03-01T08:00:00Z') };
    const c = await makeSim({ realNow: () => real.now });
    try {
      expect((await c.ctl.get('/clock')).body.is_real_time).toBe(true);
      const adv = await c.ctl.post('/clock', { advance_seconds: 3600 });
      expect(adv.body).toMatchObject({ offset_ms: 3600_000, is_real_time: false, now: '2026-03-01T09:00:00.000Z' });
      const frozen = await c.ctl.post('/clock', { frozen: true });
      real.now += 60_000;
      expect((await c.ctl.get('/clock')).body.now).toBe(frozen.body.now);
      expect((await c.ctl.post('/clock', { set: '2030-01-01T00:00:00Z' })).body.now).toBe('2030-01-01T00:00:00.000Z');
      const back = await c.ctl.post('/clock', { real_time: true });
      expect(back.body).toMatchObject({ is_real_time: true, now: '2026-03-01T08:01:00.000Z' });
      expect((await c.ctl.post('/clock', { advance_seconds: 'x' })).status).toBe(422);
    } finally {
      await c.sim.close();
    }
  });
});

describe('faults', () => {
  it('status, delay, count and method per endpoint id', async () => {
    await h.ctl.put('/faults', { items: [{ endpoint: 'A1', status: 503, message: 'Maintenance', count: 2 }, { endpoint: 'A5', delay_ms: 120 }] });
    const ruleId = (await h.ctl.get('/faults')).body.items[0].id;
    // Each request taken from a count is told (the UI's Remaining reads the rules again on it); the last
    // answer, past the count, is not.
    const told: unknown[] = [];
    h.sim.ctx.events.on('state', (e) => e.entity === 'faults' && told.push(e));
    const r = await h.http.get('/api/v2/demo/media-url');
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ success: false, status_code: 503, message: ['Maintenance'], data: [] });
    await h.http.get('/api/v2/demo/media-url');
    expect((await h.http.get('/api/v2/demo/media-url')).status).toBe(200);
    expect((await h.ctl.get('/faults')).body.items[0].count).toBe(0);
    expect(told).toEqual([{ entity: 'faults', id: ruleId, action: 'used' }, { entity: 'faults', id: ruleId, action: 'used' }]);
    // The delay is a timer the test drives: the answer is held until exactly 120 ms have passed on it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const timer = vi.spyOn(globalThis, 'setTimeout');
      let answered = false;
      const delayed = h.http.get('/api/v2/demo/pet/list?email=a@b.co').set('authorization', DEMO_AUTH).then((r) => ((answered = true), r));
      // (not vi.waitUntil: under fake timers it moves the clock by its polling interval)
      while (!timer.mock.calls.some((call) => call[1] === 120)) await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(119);
      await new Promise((r) => setImmediate(r));
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await delayed).body.message).toEqual(['User Not Found']);
    } finally {
      vi.useRealTimers();
    }
    expect((await h.ctl.put('/faults', [{ endpoint: 'Z9' }])).status).toBe(422);
  });
});

describe('request journal (behaviour §14)', () => {
  it('masks Authorization and secret body fields, keeps the rest', async () => {
    await h.registerClient({ password: 'hunter2-secret' });
    await h.http.get('/api/v2/demo/pet/list?email=a@b.co').set('authorization', DEMO_AUTH);
    const list = (await h.ctl.get('/requests')).body.items;
    expect(list[0]).toMatchObject({ endpoint: 'A5', family: 'application', app: 'demo', method: 'GET', path: '/api/v2/demo/pet/list', status: 404 });
    const a5 = (await h.ctl.get(`/requests/${list[0].id}`)).body;
    expect(a5.request_headers.authorization).toBe('Basic demo:***');
    expect(a5.query).toBe('email=a@b.co');
    expect(JSON.parse(a5.response_body).message).toEqual(['User Not Found']);
    expect(a5.response_headers['x-ratelimit-limit']).toBe('200');
    const b9 = (await h.ctl.get(`/requests/${list[1].id}`)).body;
    const body = JSON.parse(b9.request_body);
    expect(body).toMatchObject({ password: '***', number: '***', cvc: '***', api_key: '***', email: 'priya@example.com', exp_month: '12' });
    expect(JSON.stringify(b9)).not.toMatch(/hunter2|4242424242424242|demo-api-key/);
    expect((await h.ctl.get('/requests?endpoint=B9')).body.items).toHaveLength(1);
    expect((await h.ctl.get('/requests?status=4xx')).body.items).toHaveLength(1);
    expect((await h.ctl.get('/requests?family=client')).body.items).toHaveLength(1);
    expect((await h.ctl.get('/requests?q=pet/list')).body.items).toHaveLength(1);
  });
  it('masks secrets in a malformed JSON body too, and cuts bodies over 64 KiB', async () => {
    await h.http.post('/client/user/1/v2/register-user').set('content-type', 'application/json').send('{"password": "hunter2", ');
    const big = await h.post('/api/v2/demo/pet/add', { email: 'a@b.co', name: 'x'.repeat(70 * 1024) });
    expect(big.body.message).toContain('The name must not be greater than 255 characters.');
    const items = (await h.ctl.get('/requests')).body.items;
    const bad = (await h.ctl.get(`/requests/${items[1].id}`)).body;
    expect(bad.request_body).toBe('{"password": "***", ');
    const cut = (await h.ctl.get(`/requests/${items[0].id}`)).body;
    expect(cut.truncated).toBe(true);
    expect(cut.request_body.length).toBeLessThan(66 * 1024);
  });
  it('is capped and can be cleared; HAR export', async () => {
    const small = await makeSim({ journalCap: 150 });
    for (let i = 0; i < 320; i++) await small.http.get('/api/v2/demo/media-url');
    const count = (await small.ctl.get('/health')).body.journal_count;
    expect(count).toBeLessThanOrEqual(250);
    expect(count).toBeGreaterThanOrEqual(150);
    const har = await small.ctl.get('/requests.har');
    expect(har.body.log.version).toBe('1.2');
    expect(har.body.log.entries[0].request.url).toMatch(/^http:\/\/127\.0\.0\.1:4010\/api\/v2\/demo\/media-url$/);
    await small.http.delete('/__sim/v1/requests');
    expect((await small.ctl.get('/requests')).body.items).toEqual([]);
    await small.sim.close();
  });
});

describe('events (SSE, batched)', () => {
  it('streams request summaries and state changes as batches', async () => {
    // The stream's flush interval is the test's to tick: five requests the bus has seen go out as one message.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bus = h.sim.ctx.events;
    try {
      const { port } = await h.sim.listen(0, '127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${port}/__sim/v1/events`);
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      const stream = sseReader(res);
      await stream.until((text) => text.includes(': connected'));
      const published = eventsSeen(bus, 'request', 5);
      for (let i = 0; i < 5; i++) await fetch(`http://127.0.0.1:${port}/api/v2/demo/media-url`);
      await published;
      const offline = eventsSeen(bus, 'state', 1);
      await fetch(`http://127.0.0.1:${port}/__sim/v1/vets/vet_1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"online":false}' });
      await offline;
      vi.advanceTimersByTime(100);
      const text = await stream.until((t) => t.includes('event: request') && t.includes('event: state'));
      await stream.cancel();
      expect(text.match(/event: request/g)).toHaveLength(1); // one message for the burst, not five
      const requestBatch = JSON.parse(/event: request\ndata: (.*)\n/.exec(text)![1]);
      expect(requestBatch).toHaveLength(5);
      expect(requestBatch[0]).toMatchObject({ endpoint: 'A1', status: 200 });
      expect(JSON.parse(/event: state\ndata: (.*)\n/.exec(text)![1])).toContainEqual({ entity: 'vet', id: 'vet_1', action: 'offline', record: expect.objectContaining({ id: 'vet_1', online: false }) });
    } finally {
      vi.useRealTimers();
    }
  });
});

/** Resolves once the bus has emitted `count` events of a kind. */
function eventsSeen(bus: Harness['sim']['ctx']['events'], kind: 'request' | 'state', count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const on = () => {
      if (++seen < count) return;
      bus.off(kind, on);
      resolve();
    };
    bus.on(kind, on);
  });
}

/** Reads an event stream until the text so far satisfies `done` (the test's timeout bounds the wait). */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(done: (text: string) => boolean): Promise<string> {
      while (!done(text)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`event stream ended early: ${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
    cancel: () => reader.cancel(),
  };
}

describe('reset, snapshot, demo data', () => {
  it('reset goes back to a new data dir; demo data loads once', async () => {
    await h.registerUser();
    await h.ctl.post('/apps', { name: 'acme' });
    expect((await h.ctl.post('/reset')).body).toEqual({ reset: true });
    expect((await h.ctl.get('/users')).body.total).toBe(0);
    expect((await h.ctl.get('/apps')).body.items.map((a: { name: string }) => a.name)).toEqual(['demo']);
    const demo = await h.ctl.post('/demo-data');
    expect(demo.body).toMatchObject({ loaded: true, users: 6, consultations: 10 });
    expect((await h.ctl.post('/demo-data')).body.loaded).toBe(false);
    const statuses = new Set((await h.ctl.get('/consultations')).body.items.map((c: { status: string }) => c.status));
    // Every vet is free once the demo is loaded (issue 38): no active chat, no accepted call.
    expect([...statuses].sort()).toEqual(['completed', 'declined', 'ended', 'notanswered', 'ringing', 'waiting']);
    expect((await h.ctl.get('/payments')).body.items.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'failed', 'succeeded', 'succeeded']);
    expect((await h.ctl.get('/feedback')).body.total).toBe(4);
  });
  it('snapshot downloads a standard SQLite file and restores it; garbage is refused', async () => {
    await h.registerUser();
    const snap = await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(snap.headers['content-type']).toBe('application/vnd.sqlite3');
    const bytes = snap.body as Buffer;
    expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    await h.ctl.post('/reset');
    expect((await h.ctl.get('/users')).body.total).toBe(0);
    const r = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(bytes);
    expect(r.body).toEqual({ restored: true, bytes: bytes.length });
    expect((await h.ctl.get('/users')).body.items[0].email).toBe('ann@example.com');
    const bad = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(Buffer.from('not a database at all'));
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('invalid_snapshot');
    expect((await h.ctl.get('/users')).body.total).toBe(1);
  });
});

describe('openapi.json', () => {
  it('describes all 25 endpoints with request schemas from the validating zod schemas', async () => {
    const doc = (await h.ctl.get('/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops.sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
    const a7 = doc.paths['/api/v2/{name}/register-user'].post;
    const schema = a7.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['first_name', 'email', 'role', 'dev_type']);
    expect(schema.properties.role.enum).toEqual(['users', 'protect_users']);
    expect(a7.security).toEqual([{ basic: [] }]);
    const a5 = doc.paths['/api/v2/{name}/pet/list'].get;
    expect(a5.parameters.map((p: { name: string }) => p.name)).toEqual(['name', 'email', 'search_value', 'search_by', 'page', 'pagination', 'perPage']);
    expect(doc.paths['/api/v2/{name}/pet/update'].post.requestBody.content['multipart/form-data'].schema.properties.profile).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/client/user/{name}/v2/register-user'].post.parameters[0].schema).toEqual({ type: 'integer' });
  });
});
