// Fuzzing all 25 endpoints with fast-check: wrong types, missing fields, huge strings, unicode,
// SQL and script injection, wrong content types, malformed JSON, random paths and methods.
// Zero 5xx, every response a valid envelope, the server still answers, the database intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rawRequest } from './raw-request';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { ENDPOINTS, FAMILY_PREFIX } from '../../src-shared/endpoints';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
let sim: Simulator;
let url: string;

const nasty = fc.constantFrom(
  "' OR 1=1 --", '"; DROP TABLE users; --', '<script>alert(1)</script>', '../../etc/passwd', '\u0000', '\uffff', '😀🐶', 'İĞÜŞÖÇ',
  '%00', '${jndi:ldap://x}', '{{7*7}}', 'null', 'undefined', '-1', '1e309', 'NaN', 'a'.repeat(300), '2026-02-30', '1 years 13 months',
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(), fc.string({ unit: 'grapheme', maxLength: 40 }), nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.constant('a'.repeat(70_000)), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  fc.constantFrom('demo@example.com', 'ann@example.com', 'chat', 'video', 'users', 'protect_users', 'subscribed', 'cancelled', '1', '4242424242424242'),
);

function bodyFor(fields: string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })), value, { maxKeys: 12 });
}

const requestArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ENDPOINTS).chain((e) => {
    const shape = (e.schema as unknown as { shape?: Record<string, unknown> })?.shape ?? {};
    const fields = Object.keys(shape).length ? Object.keys(shape) : ['email', 'x'];
    return fc.record({
      path: fc.constant(FAMILY_PREFIX[e.family].replace('{name}', e.family === 'application' ? 'demo' : '1') + e.path),
      method: fc.oneof({ weight: 5, arbitrary: fc.constant(e.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') }),
      auth: fc.constantFrom(AUTH, undefined, 'Basic !!!', `Basic ${Buffer.from('demo:wrong').toString('base64')}`),
      body: bodyFor(fields),
      encoding: fc.constantFrom('json', 'json', 'json', 'malformed', 'text', 'form', 'query', 'multipart-garbage'),
    });
  }) },
  { weight: 1, arbitrary: fc.record({
    path: fc.oneof(fc.webPath(), fc.constantFrom('/api/v2/', '/client/user/x/v2/pet/add', '/api/v2/%E0%A4%A/pet/add', '/client/user/99999999999/v2/pet/list')),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
    auth: fc.constant(AUTH),
    body: bodyFor(['email']),
    encoding: fc.constantFrom('json', 'malformed'),
  }) },
);

const asText = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
const formEncode = (b: Record<string, unknown>) => new URLSearchParams(Object.entries(b).map(([k, v]) => [k, asText(v)])).toString();

async function send(r: { path: string; method: string; auth?: string; body: Record<string, unknown>; encoding: string }) {
  const headers: Record<string, string> = {};
  if (r.auth) headers.authorization = r.auth;
  let body: string | undefined;
  let path = r.path.startsWith('/') ? r.path : `/${r.path}`;
  if (r.encoding === 'json') (headers['content-type'] = 'application/json'), (body = JSON.stringify(r.body));
  else if (r.encoding === 'malformed') (headers['content-type'] = 'application/json'), (body = JSON.stringify(r.body).slice(0, -1) + ',');
  else if (r.encoding === 'text') (headers['content-type'] = 'text/plain'), (body = JSON.stringify(r.body));
  else if (r.encoding === 'form') (headers['content-type'] = 'application/x-www-form-urlencoded'), (body = formEncode(r.body));
  else if (r.encoding === 'multipart-garbage') (headers['content-type'] = 'multipart/form-data; boundary=zz'), (body = '--zz\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\n\r\nxx');
  else path += '?' + formEncode(r.body);
  return rawRequest(r.method, url + path, headers, body);
}

describe('fuzzing', () => {
  beforeAll(async () => {
    sim = await createSimulator({ inMemory: true, journalCap: 1000 });
    ({ url } = await sim.listen(0, '127.0.0.1'));
    await sim.services.apps.update(1, { rate_limit_per_minute: 0 });
    const h = { authorization: AUTH, 'content-type': 'application/json' };
    await fetch(`${url}/api/v2/demo/register-user`, { method: 'POST', headers: h, body: JSON.stringify({ first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' }) });
    await fetch(`${url}/api/v2/demo/pet/add`, { method: 'POST', headers: h, body: JSON.stringify({ email: 'ann@example.com', name: 'Rex', age: '1 years', sex: 'm' }) });
  });
  afterAll(async () => sim?.close());

  it(`${RUNS.toLocaleString()} generated requests: no 5xx, always a valid envelope, database intact`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const res = await send(r);
        const text = res.text;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${r.method} ${r.path} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.headers['content-type']?.startsWith('text/csv')) return;
        // The redirect at /, the UI, the control API and media are not partner routes.
        if (/^\/*($|\?|#|__sim|media\/|favicon)/.test(r.path)) return;
        const body = JSON.parse(text);
        expect(typeof body.success).toBe('boolean');
        expect(body.status_code).toBe(res.status);
        expect(Array.isArray(body.message) && body.message.every((m: unknown) => typeof m === 'string')).toBe(true);
        expect('data' in body).toBe(true);
        if (!body.success) expect(body.data).toEqual([]);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261121) },
    );
    console.log('statuses:', JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0]))));
    expect((await fetch(`${url}/api/v2/demo/media-url`)).status).toBe(200);
    const check = sim.ctx.db.all<{ integrity_check: string }>('PRAGMA integrity_check');
    expect(check).toEqual([{ integrity_check: 'ok' }]);
  }, 900_000);
});
