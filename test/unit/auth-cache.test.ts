// Issue 14: the constant-time Basic check is cached per app record and Authorization value, and a change
// of the app's credentials (new token, new username, reset) is visible to the very next request.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const petList = (auth: string) => h.http.get('/api/v2/demo/pet/list?email=nobody@example.com').set('authorization', auth);

describe('the Basic check is cached', () => {
  it('a header seen before is answered from the cache, not checked again against the record', () => {
    const apps = h.sim.services.apps;
    const demo = apps.byName('demo')!;
    expect(apps.basicAllows(demo, DEMO_AUTH)).toBe(true);
    expect(apps.basicAllows(demo, basic('demo', 'wrong'))).toBe(false);
    // The record is changed behind the service's back: only a cached answer still says yes (and no).
    demo.api_token = 'wrong';
    expect(apps.basicAllows(demo, DEMO_AUTH)).toBe(true);
    expect(apps.basicAllows(demo, basic('demo', 'wrong'))).toBe(false);
    // A header not seen before is checked against the record as it is now.
    expect(apps.basicAllows(demo, basic('1', 'wrong'))).toBe(true);
  });
  it('a missing or malformed header is refused', () => {
    const demo = h.sim.services.apps.byName('demo')!;
    expect(h.sim.services.apps.basicAllows(demo, undefined)).toBe(false);
    expect(h.sim.services.apps.basicAllows(demo, 'Bearer demo-secret')).toBe(false);
  });
  it("another app's credentials stay refused after they were accepted for their own app", async () => {
    const acme = (await h.ctl.post('/apps', { name: 'acme' })).body as { api_token: string };
    const acmeAuth = basic('acme', acme.api_token);
    expect((await h.http.get('/api/v2/acme/pet/list?email=nobody@example.com').set('authorization', acmeAuth)).status).toBe(404);
    expect((await petList(acmeAuth)).status).toBe(401);
  });
});

describe('a credentials change is seen by the next request', () => {
  it('POST /__sim/v1/apps/1/token: the old token is 401 at once, the new one works', async () => {
    expect((await petList(DEMO_AUTH)).status).toBe(404); // authenticated: the user is unknown
    const token = (await h.ctl.post('/apps/1/token')).body.api_token as string;
    const old = await petList(DEMO_AUTH);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ success: false, status_code: 401, message: ['Unauthenticated.'], data: [] });
    expect((await petList(basic('demo', token))).status).toBe(404);
  });
  it('a new username refuses the old one at once', async () => {
    expect((await petList(DEMO_AUTH)).status).toBe(404);
    expect((await h.ctl.patch('/apps/1', { api_username: 'partner' })).status).toBe(200);
    expect((await petList(DEMO_AUTH)).status).toBe(401);
    expect((await petList(basic('partner', 'demo-secret'))).status).toBe(404);
  });
  it('a reset brings the default credentials back and refuses the rotated token', async () => {
    const token = (await h.ctl.post('/apps/1/token')).body.api_token as string;
    expect((await petList(basic('demo', token))).status).toBe(404);
    expect((await h.ctl.post('/reset')).status).toBe(200);
    expect((await petList(basic('demo', token))).status).toBe(401);
    expect((await petList(DEMO_AUTH)).status).toBe(404);
  });
  it('a thousand distinct wrong headers (the cache is bounded) do not lock the right one out', async () => {
    const demo = h.sim.services.apps.byName('demo')!;
    for (let i = 0; i < 1000; i++) expect(h.sim.services.apps.basicAllows(demo, basic('demo', `guess-${i}`))).toBe(false);
    expect((await petList(DEMO_AUTH)).status).toBe(404);
  });
});
