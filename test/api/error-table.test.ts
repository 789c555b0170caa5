// Every row of behaviour §4's error table, on both families, with the exact envelope and headers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const fail = (status: number, message: string[]) => ({ success: false, status_code: status, message, data: [] });

describe('envelope and headers', () => {
  it('every response carries content-type, cache-control and rate-limit headers (success and failure, both families)', async () => {
    const malformed = await h.http.post('/client/user/1/v2/pet/add').set('content-type', 'application/json').send('{"a":');
    const wrongMethod = await h.http.delete('/client/user/1/v2/pet/add');
    expect([malformed.status, wrongMethod.status]).toEqual([422, 405]);
    for (const r of [await h.http.get('/api/v2/demo/media-url'), await h.http.get('/api/v2/nope/media-url'), await h.http.post('/client/user/1/v2/nope'), await h.http.get('/nowhere'), malformed, wrongMethod]) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['cache-control']).toBe('no-cache, private');
      expect(r.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(r.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    }
  });
  it('A1: 404 App Not Found for an unknown app, exactly as the spec shows', async () => {
    const r = await h.http.get('/api/v2/unknown-app/media-url');
    expect(r.status).toBe(404);
    expect(r.body).toEqual(fail(404, ['App Not Found']));
  });
  it('A1: 200 with the media URL for a known app', async () => {
    const r = await h.http.get('/api/v2/demo/media-url');
    expect(r.status).toBe(200);
    // The URL names the host the client called (supertest calls 127.0.0.1:<its port>).
    expect(r.body).toEqual({ success: true, status_code: 200, message: ['Media URL'], data: { media_url: `http://${new URL(r.request.url).host}/media/demo/` } });
  });
});

describe('malformed JSON is read as empty input (422), as Laravel\'s json_decode does', () => {
  it.each([
    ['application', '/api/v2/demo/pet/add'],
    ['client', '/client/user/1/v2/pet/add'],
  ])('%s family', async (_f, path) => {
    const r = await h.http.post(path).set('authorization', DEMO_AUTH).set('content-type', 'application/json').send('{"email": "a@b.co",');
    expect(r.status).toBe(422);
    expect(r.body).toEqual(fail(422, ['The email field is required.', 'The name field is required.', 'The age field is required.', 'The sex field is required.']));
  });
});

describe('401', () => {
  it.each([
    ['missing', undefined],
    ['malformed', 'Bearer abc'],
    ['wrong secret', basic('demo', 'nope')],
    ['no colon', `Basic ${Buffer.from('demo').toString('base64')}`],
  ])('Basic auth %s → 401 Unauthenticated. with WWW-Authenticate', async (_n, header) => {
    const req = h.http.get('/api/v2/demo/pet/list?email=a@b.co');
    const r = header ? await req.set('authorization', header) : await req;
    expect(r.status).toBe(401);
    expect(r.body).toEqual(fail(401, ['Unauthenticated.']));
    expect(r.headers['www-authenticate']).toBe('Basic realm="vet-consult"');
  });
  it('the app id works as the username too', async () => {
    const r = await h.http.get('/api/v2/demo/pet/list?email=nobody@example.com').set('authorization', basic('1', 'demo-secret'));
    expect(r.status).toBe(404);
    expect(r.body.message).toEqual(['User Not Found']);
  });
  it("another app's credentials on this app's path → 401 (tenant isolation)", async () => {
    const other = (await h.ctl.post('/apps', { name: 'acme' })).body;
    const r = await h.http.post('/api/v2/demo/register-user').set('authorization', basic(other.api_username, other.api_token)).send({});
    expect(r.status).toBe(401);
    const own = await h.http.post('/api/v2/acme/register-user').set('authorization', basic(other.api_username, other.api_token)).send({});
    expect(own.status).toBe(422);
  });
  it('client family: wrong api_key → 401 Invalid API key.; missing → 422', async () => {
    const wrong = await h.registerClient({ api_key: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(fail(401, ['Invalid API key.']));
    const missing = await h.registerClient({ api_key: undefined });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('The api key field is required.');
  });
});

describe('402 declined test cards create nothing', () => {
  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('%s', async (number, message) => {
    const r = await h.registerClient({ number });
    expect(r.status).toBe(402);
    expect(r.body).toEqual(fail(402, [message]));
    const users = await h.ctl.get('/users');
    expect(users.body.total).toBe(0);
    expect((await h.ctl.get('/pets')).body.total).toBe(0);
    expect((await h.ctl.get('/payments')).body.total).toBe(0);
  });
});

describe('404', () => {
  it.each([
    ['application', '/api/v2/acme/pet/add', 'POST'],
    ['client (unknown integer)', '/client/user/99/v2/pet/add', 'POST'],
    ['client (unknown slug)', '/client/user/acme/v2/pet/list', 'GET'],
  ])('unknown app, %s family', async (_f, path, method) => {
    const r = method === 'GET' ? await h.http.get(path) : await h.http.post(path).send({});
    expect(r.status).toBe(404);
    expect(r.body).toEqual(fail(404, ['App Not Found']));
  });
  it.each(['/api/v2/demo/pets/add', '/client/user/1/v2/unknown', '/nothing/here', '/api/v3/demo/media-url'])('unknown route %s', async (path) => {
    const r = await h.http.post(path).send({});
    expect(r.status).toBe(404);
    expect(r.body).toEqual(fail(404, ['Route Not Found']));
  });
  it('unknown user, pet, channel, room, identity, feedback', async () => {
    await h.registerUser();
    expect((await h.post('/api/v2/demo/pet/add', { email: 'x@example.com', name: 'a', age: '1 years', sex: 'm' })).body).toEqual(fail(404, ['User Not Found']));
    expect((await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: 42 })).body).toEqual(fail(404, ['Pet Not Found']));
    expect((await h.post('/api/v2/demo/end', { channel_sid: 'CHnope' })).body).toEqual(fail(404, ['Channel Not Found']));
    expect((await h.post('/api/v2/demo/video-call-action', { room_sid: 'RMnope', status: 'declined' })).body).toEqual(fail(404, ['Room Not Found']));
    expect((await h.get('/api/v2/demo/refresh').send({ identity: 'demo-user-999', dev_type: 'ios' })).body).toEqual(fail(404, ['Identity Not Found']));
    await h.addPet();
    const chat = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    const r = await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: chat.body.data.channel });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(fail(404, ['Feedback Not Found']));
  });
});

describe('405 with Allow', () => {
  it.each([
    ['/api/v2/demo/pet/add', 'get', 'POST'],
    // HEAD beside GET, as Laravel's Route::get registers both (issue 35 #20).
    ['/api/v2/demo/pet/list', 'post', 'GET, HEAD'],
    ['/client/user/1/v2/vet/feedbacks', 'delete', 'GET, HEAD'],
    ['/client/user/1/v2/register-user', 'put', 'POST'],
  ] as const)('%s %s', async (path, method, allow) => {
    const r = await h.http[method](path).set('authorization', DEMO_AUTH);
    expect(r.status).toBe(405);
    expect(r.body).toEqual(fail(405, ['Method Not Allowed']));
    expect(r.headers.allow).toBe(allow);
  });
});

describe('409 conflicts', () => {
  it('chat already ended; role change not allowed', async () => {
    await h.registerUser({ role: 'protect_users', emergency_fund: 100 });
    await h.addPet();
    const chat = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    expect((await h.post('/api/v2/demo/end', { channel_sid: chat.body.data.channel })).status).toBe(200);
    const again = await h.post('/api/v2/demo/end', { channel_sid: chat.body.data.channel });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(fail(409, ['Chat already ended']));
    const role = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', role: 'users' });
    expect(role.status).toBe(409);
    expect(role.body.message).toEqual(['The role can only change from protect_users to users when the status is cancelled.']);
  });
});

describe('413', () => {
  it('JSON body over 1 MiB, both families', async () => {
    const big = { email: 'a@b.co', name: 'x'.repeat(1024 * 1024 + 10) };
    for (const path of ['/api/v2/demo/pet/add', '/client/user/1/v2/pet/add']) {
      const r = await h.post(path, big);
      expect(r.status).toBe(413);
      expect(r.body).toEqual(fail(413, ['Payload Too Large']));
    }
  });
  it('image over 5 MiB', async () => {
    await h.registerUser();
    await h.addPet();
    const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '1')
      .attach('profile', Buffer.alloc(5 * 1024 * 1024 + 1, 1), { filename: 'big.png', contentType: 'image/png' });
    expect(r.status).toBe(413);
    expect(r.body).toEqual(fail(413, ['Payload Too Large']));
  });
});

describe('422 validation: every failed rule, Laravel wording', () => {
  it('A7 all messages at once', async () => {
    // A7's names are plain strings (the spec states the name character set for A12, B9 and B10 only).
    const r = await h.post('/api/v2/demo/register-user', { email: 'not-an-email', role: 'admin', first_name: 'a'.repeat(256), name: 'Rex' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(fail(422, [
      'The first name must not be greater than 255 characters.', 'The email must be a valid email address.', 'The selected role is invalid.',
      'The dev type field is required.', 'The age field is required when name is present.', 'The sex field is required when name is present.',
    ]));
  });
  it('required, conditional and paired-date messages', async () => {
    expect((await h.post('/api/v2/demo/register-user', {})).body.message).toEqual([
      'The first name field is required.', 'The email field is required.', 'The role field is required.', 'The dev type field is required.',
    ]);
    expect((await h.post('/api/v2/demo/register-user', { first_name: 'A', email: 'a@b.co', role: 'protect_users', dev_type: 'ios' })).body.message)
      .toEqual(['The emergency fund field is required when role is protect_users.']);
    expect((await h.post('/api/v2/demo/report/webappuser/profile', { date_from: '2026-01-01' })).body.message)
      .toEqual(['The date to field is required when date from is present.']);
    expect((await h.http.post('/client/user/1/v2/report/user/list').send({ date_to: '2026-01-01' })).body.message)
      .toEqual(['The date from field is required when date to is present.']);
  });
  it('duplicate e-mail', async () => {
    await h.registerUser();
    const r = await h.post('/api/v2/demo/register-user', { first_name: 'Ann', email: 'ANN@example.com', role: 'users', dev_type: 'ios' });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(['The email has already been taken.']);
  });
});

describe('429 after the limit', () => {
  it('counts per app, sends Retry-After and x-ratelimit-reset, and the window follows the simulator clock', async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 3 });
    const first = await h.http.get('/api/v2/demo/media-url');
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    await h.http.get('/client/user/1/v2/pet/list?email=a@b.co'); // client family counts against the same app
    const third = await h.http.get('/api/v2/demo/media-url');
    expect(third.headers['x-ratelimit-remaining']).toBe('0');
    const r = await h.http.get('/api/v2/demo/media-url');
    expect(r.status).toBe(429);
    expect(r.body).toEqual(fail(429, ['Too Many Attempts.']));
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    // another app is not affected
    const acme = (await h.ctl.post('/apps', { name: 'acme' })).body;
    expect((await h.http.get(`/api/v2/acme/media-url`)).status).toBe(200);
    expect(acme.id).toBe(2);
    await h.ctl.post('/clock', { advance_seconds: 61 });
    const after = await h.http.get('/api/v2/demo/media-url');
    expect(after.status).toBe(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('2');
  });
  it('no app stays locked after the clock goes back: advance a day, hit the limit, return to real time', async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 3 });
    await h.ctl.post('/clock', { advance_seconds: 86_400 });
    for (let i = 0; i < 3; i++) expect((await h.http.get('/api/v2/demo/media-url')).status).toBe(200);
    expect((await h.http.get('/api/v2/demo/media-url')).status).toBe(429);
    await h.ctl.post('/clock', { real_time: true });
    const back = await h.http.get('/api/v2/demo/media-url');
    expect(back.status).toBe(200); // the window the future opened is over for the present
    expect(back.headers['x-ratelimit-remaining']).toBe('2');
    for (let i = 0; i < 2; i++) await h.http.get('/api/v2/demo/media-url');
    const limited = await h.http.get('/api/v2/demo/media-url');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    await h.ctl.post('/clock', { set: new Date(Date.now() - 3_600_000).toISOString() }); // set back an hour
    expect((await h.http.get('/api/v2/demo/media-url')).status).toBe(200);
  });
  it("counts before authentication, as Laravel's throttle in the api group runs before auth.basic: 401s use the window, and a 429 comes before a 401", async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 2 });
    const wrong = () => h.http.post('/api/v2/demo/pet/add').set('authorization', 'Basic ZGVtbzp3cm9uZw==').send({});
    const first = await wrong();
    expect(first.status).toBe(401);
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await wrong()).status).toBe(401);
    const limited = await wrong();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(fail(429, ['Too Many Attempts.']));
    // The right credentials share the spent window.
    expect((await h.get('/api/v2/demo/pet/list?email=ann@example.com')).status).toBe(429);
  });
  it('the default is 200 per minute: 199 remaining after the first request, as the spec shows', async () => {
    const r = await h.http.get('/api/v2/demo/media-url');
    expect(r.headers['x-ratelimit-limit']).toBe('200');
    expect(r.headers['x-ratelimit-remaining']).toBe('199');
  });
});

describe('500 without leaking a stack', () => {
  it('an unexpected error is ["Server Error"] to the client and the stack is in the journal', async () => {
    await h.registerUser();
    h.sim.services.pets.list = () => {
      throw new Error('boom: secret internals');
    };
    const r = await h.get('/api/v2/demo/pet/list?email=ann@example.com');
    expect(r.status).toBe(500);
    expect(r.body).toEqual(fail(500, ['Server Error']));
    expect(r.text).not.toContain('boom');
    const log = await h.ctl.get('/requests?status=5xx');
    const entry = await h.ctl.get(`/requests/${log.body.items[0].id}`);
    expect(entry.body.error).toContain('boom: secret internals');
  });
});

describe('503 when no vet is free', () => {
  it('all vets offline', async () => {
    await h.registerUser();
    await h.addPet();
    for (const id of ['vet_1', 'vet_2', 'vet_3']) await h.ctl.patch(`/vets/${id}`, { online: false });
    const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    expect(r.status).toBe(503);
    expect(r.body).toEqual(fail(503, ['No vet is available right now.']));
  });
});
