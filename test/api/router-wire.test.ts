// Issue 35 #20 (wire): what Laravel's router and ThrottleRequests put on the wire.
// - 405: `Allow` lists HEAD beside GET (Route::get registers GET and HEAD).
// - `%XX` escapes are decoded before matching (UriValidator matches rawurldecode($path)).
// - A 404/405 of a known app carries that app's window as it stands (behaviour §6), not a made-up 200/200,
//   and does not count (the router answers before `throttle`).
// - X-RateLimit-Reset only on a 429 (ThrottleRequests adds it with Retry-After).
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

const fail = (status: number, message: string[]) => ({ success: false, status_code: status, message, data: [] });

describe('405 Allow', () => {
  it('lists HEAD beside GET, and only the methods the path has', async () => {
    const r = await h.http.post('/api/v2/demo/pet/list').set('authorization', DEMO_AUTH);
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
    expect((await h.http.get('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH)).headers.allow).toBe('POST');
  });
});

describe('%-escapes in the path are decoded before matching (rawurldecode)', () => {
  it.each([
    '/api/v2/demo/pet/l%69st',
    '/api/v2/d%65mo/pet/list',
    '/api/v2/demo/pet%2Flist',
    '/api/v2/demo/%70%65%74/%6c%69%73%74/',
  ])('%s answers as /api/v2/demo/pet/list', async (path) => {
    // Unchecked against openapi.json: the contract checker matches the path as written.
    const r = await request(h.sim.handle).get(`${path}?email=ann@example.com`).set('authorization', DEMO_AUTH);
    expect(r.status).toBe(200);
    expect(r.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Rex']);
  });

  it('a malformed escape is left as it is: 404 Route Not Found, never 400 or 500', async () => {
    const r = await h.get('/api/v2/demo/pet/l%6');
    expect(r.status).toBe(404);
    expect(r.body).toEqual(fail(404, ['Route Not Found']));
  });
});

describe('rate-limit headers before the limiter', () => {
  it("a known app's 404 and 405 carry its real window, without counting", async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 10 });
    await h.ctl.post('/clock', { advance_seconds: 61 }); // a fresh window
    const counted = await h.get('/api/v2/demo/media-url');
    expect(counted.headers['x-ratelimit-remaining']).toBe('9');
    const notFound = await h.get('/api/v2/demo/no-such-endpoint');
    expect(notFound.status).toBe(404);
    expect([notFound.headers['x-ratelimit-limit'], notFound.headers['x-ratelimit-remaining']]).toEqual(['10', '9']);
    const wrongMethod = await h.http.delete('/api/v2/demo/media-url');
    expect(wrongMethod.status).toBe(405);
    expect([wrongMethod.headers['x-ratelimit-limit'], wrongMethod.headers['x-ratelimit-remaining']]).toEqual(['10', '9']);
    expect((await h.get('/api/v2/demo/media-url')).headers['x-ratelimit-remaining']).toBe('8');
  });

  it('X-RateLimit-Reset comes with a 429 only', async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 1 });
    await h.ctl.post('/clock', { advance_seconds: 61 }); // a fresh window
    const ok = await h.get('/api/v2/demo/media-url');
    expect(ok.status).toBe(200);
    expect(ok.headers).not.toHaveProperty('x-ratelimit-reset');
    expect((await h.get('/api/v2/demo/nowhere')).headers).not.toHaveProperty('x-ratelimit-reset');
    const over = await h.get('/api/v2/demo/media-url');
    expect(over.status).toBe(429);
    expect(Number(over.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
