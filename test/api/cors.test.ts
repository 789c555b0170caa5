// CORS on the partner routes as a default Laravel service answers it (HandleCors + fruitcake/php-cors with
// config/cors.php defaults), configurable per app; the control API stays without CORS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const FRONT_END = 'http://localhost:3000';
const preflight = (path: string, origin = FRONT_END) =>
  h.http.options(path).set('origin', origin).set('access-control-request-method', 'post').set('access-control-request-headers', 'authorization,content-type');

describe('default: every origin, as config/cors.php ships', () => {
  it.each(['/api/v2/demo/pet/add', '/client/user/1/v2/pet/add', '/client/user/demo/v2/register-user'])('preflight %s → 204 with the allow headers, no auth, not counted', async (path) => {
    const before = Number((await h.http.get('/api/v2/demo/media-url')).headers['x-ratelimit-remaining']);
    const r = await preflight(path);
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-methods']).toBe('POST');
    expect(r.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(r.headers['access-control-max-age']).toBe('0');
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    expect(r.headers.vary).toBe('Access-Control-Request-Method, Access-Control-Request-Headers');
    const after = Number((await h.http.get('/api/v2/demo/media-url')).headers['x-ratelimit-remaining']);
    expect(after).toBe(before - 1); // only the second media-url request counted
  });

  it('actual responses, success and failure, carry Access-Control-Allow-Origin', async () => {
    const ok = await h.http.get('/api/v2/demo/media-url').set('origin', FRONT_END);
    const unauth = await h.http.post('/api/v2/demo/pet/add').set('origin', FRONT_END).send({});
    const invalid = await h.http.post('/api/v2/demo/pet/add').set('origin', FRONT_END).set('authorization', DEMO_AUTH).send({});
    const noApp = await h.http.get('/api/v2/nope/media-url').set('origin', FRONT_END);
    expect([ok.status, unauth.status, invalid.status, noApp.status]).toEqual([200, 401, 422, 404]);
    for (const r of [ok, unauth, invalid, noApp]) expect(r.headers['access-control-allow-origin']).toBe('*');
  });

  it('the control API has no CORS', async () => {
    const r = await h.http.options('/__sim/v1/apps').set('origin', FRONT_END).set('access-control-request-method', 'PATCH');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const g = await h.http.get('/__sim/v1/apps').set('origin', FRONT_END);
    expect(g.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('per-app origins (control API PATCH /apps/:id, persisted)', () => {
  it('several origins: an allowed one is echoed with Vary: Origin, another gets no header', async () => {
    const patch = await h.ctl.patch('/apps/1', { cors_allowed_origins: [FRONT_END, 'https://*.partner.example'] });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.cors_allowed_origins).toEqual([FRONT_END, 'https://*.partner.example']);
    expect((await h.ctl.get('/apps')).body.items[0].cors_allowed_origins).toEqual([FRONT_END, 'https://*.partner.example']);

    const allowed = await preflight('/api/v2/demo/pet/add');
    expect(allowed.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(allowed.headers.vary).toContain('Origin');
    const pattern = await h.http.get('/api/v2/demo/media-url').set('origin', 'https://app.partner.example');
    expect(pattern.headers['access-control-allow-origin']).toBe('https://app.partner.example');

    const other = await preflight('/api/v2/demo/pet/add', 'https://evil.example');
    expect(other.status).toBe(204);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-methods']).toBeUndefined();
    const actual = await h.http.get('/client/user/1/v2/pet/list?email=a@b.co').set('origin', 'https://evil.example');
    expect(actual.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('one origin is sent as configured (php-cors), other apps keep the default', async () => {
    await h.ctl.post('/apps', { name: 'acme' });
    await h.ctl.patch('/apps/1', { cors_allowed_origins: [FRONT_END] });
    expect((await h.http.get('/api/v2/demo/media-url').set('origin', FRONT_END)).headers['access-control-allow-origin']).toBe(FRONT_END);
    expect((await h.http.get('/api/v2/acme/media-url').set('origin', FRONT_END)).headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses an origin with a path; an empty list answers no origin', async () => {
    const bad = await h.ctl.patch('/apps/1', { cors_allowed_origins: ['http://localhost:3000/app'] });
    expect(bad.status).toBe(422);
    await h.ctl.patch('/apps/1', { cors_allowed_origins: [] });
    const r = await preflight('/api/v2/demo/pet/add');
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the setting survives a restart on the same data dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcs-cors-'));
    try {
      const first = await makeSim({ inMemory: false, dataDir: dir });
      await first.ctl.patch('/apps/1', { cors_allowed_origins: [FRONT_END] });
      await first.sim.close();
      const second = await makeSim({ inMemory: false, dataDir: dir });
      expect((await second.ctl.get('/apps')).body.items[0].cors_allowed_origins).toEqual([FRONT_END]);
      expect((await second.http.get('/api/v2/demo/media-url').set('origin', FRONT_END)).headers['access-control-allow-origin']).toBe(FRONT_END);
      await second.sim.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
