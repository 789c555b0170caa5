// URLs handed back to a client name the host that client called (a phone on the LAN, a container).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeAll(async () => {
  h = await makeSim();
});
afterAll(() => h.sim.close());

describe('the caller\'s host in URLs', () => {
  it('A1 media_url uses the Host the client called', async () => {
    const r = await h.http.get('/api/v2/demo/media-url').set('host', 'simulator.internal:4010');
    expect(r.body.data).toEqual({ media_url: 'http://simulator.internal:4010/media/demo/' });
    const lan = await h.http.get('/api/v2/demo/media-url').set('host', '192.168.1.20:4010');
    expect(lan.body.data.media_url).toBe('http://192.168.1.20:4010/media/demo/');
  });
  it('a Host that is not a host name falls back to the listening address', async () => {
    const r = await h.http.get('/api/v2/demo/media-url').set('host', 'evil.example/x?');
    expect(r.body.data.media_url).toBe(`${h.sim.ctx.baseUrl()}/media/demo/`);
  });
  it('a photo uploaded through another host name gets a URL on that host, and it serves', async () => {
    await h.registerUser({ email: 'lan@example.com' });
    const pet = await h.addPet('lan@example.com');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', (await import('../helpers')).DEMO_AUTH)
      .set('host', 'phone-visible.local:4010').field('email', 'lan@example.com').field('pet_id', String(pet.id)).attach('profile', png, 'a.png');
    expect(r.status).toBe(200);
    expect(r.body.data.pet.profile).toMatch(/^http:\/\/phone-visible\.local:4010\/media\/demo\/pets\/\d+\/[0-9a-f]+\.png$/);
    const path = new URL(r.body.data.pet.profile).pathname;
    expect((await h.http.get(path)).status).toBe(200);
  });
});
