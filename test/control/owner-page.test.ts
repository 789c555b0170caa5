// The pet owner's page and its calls (issue 25): access is the rtcToken from stringify_response, for exactly its
// one consultation; a token of another consultation, an altered one, or none is refused and posts nothing; bad
// `data` gets a readable 4xx page. And a consultation's timeline ties its partner requests to it.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  // The built page (npm test builds first): out/renderer/owner.html.
  h = await makeSim({ uiDir: join(__dirname, '..', '..', 'out', 'renderer') });
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

/** A8 as a partner calls it: the channel, and the `data` the owner's page is opened with. */
const talk = async () => {
  const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  expect(r.status).toBe(200);
  return { sid: r.body.data.channel as string, data: r.body.data.stringify_response as string, token: JSON.parse(r.body.data.stringify_response).rtcToken as string };
};
const api = (sid: string) => `/demo/main/talk-to-vet/api/consultations/${sid}`;
const thread = async (sid: string) => (await h.ctl.get(`/consultations/${sid}/messages`)).body.items as { author: string; body: string }[];

describe('the owner page', () => {
  it("the owner's page link is the A8 token itself, the same however often and however late it is asked for", async () => {
    const { sid, token } = await talk();
    const linkToken = async () => JSON.parse(new URL((await h.ctl.get(`/consultations/${sid}`)).body.owner_page_url).searchParams.get('data')!).rtcToken;
    expect(await linkToken()).toBe(token);
    expect((await h.ctl.post('/clock', { advance: '90s' })).status).toBe(200);
    expect(await linkToken()).toBe(token);
  });
  it('the pinned token time is the consultation\'s UTC creation, whatever the machine\'s time zone (a Tokyo machine signed tokens expired 8 h ago)', async () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Asia/Tokyo', 'America/New_York']) {
        process.env.TZ = tz;
        const { token } = await talk();
        const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { iat: number; exp: number };
        expect(Math.abs(claims.iat - Date.now() / 1000), tz).toBeLessThan(5);
        expect(claims.exp - claims.iat, tz).toBe(3600);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
  it('serves the page for a stringify_response, and a readable 4xx HTML page for bad data, never a stack', async () => {
    const { data } = await talk();
    const ok = await h.http.get(`/demo/main/talk-to-vet?data=${encodeURIComponent(data)}`);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/html/);
    expect(ok.headers['referrer-policy']).toBe('no-referrer');
    expect(ok.headers['cache-control']).toBe('no-store');
    for (const [query, status, text] of [
      ['', 400, 'This page needs the <code>data</code> parameter'], // its backticks as code, never literal (issue 37)
      ['?data=garbage', 400, 'it is not JSON'],
      [`?data=${encodeURIComponent('{"user":{}}')}`, 400, 'has no rtcToken'],
    ] as const) {
      const r = await h.http.get(`/demo/main/talk-to-vet${query}`);
      expect(r.status, query).toBe(status);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.text).toContain(text);
      expect(r.text).not.toContain('`');
      expect(r.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
    const app = await h.http.get(`/nope/main/talk-to-vet?data=${encodeURIComponent(data)}`);
    expect(app.status).toBe(404);
    expect(app.text).toContain('There is no app named nope');
  });

  it('reads and writes its one consultation with its rtcToken, from any host', async () => {
    const { sid, token } = await talk();
    await h.ctl.post(`/consultations/${sid}/accept`);
    await h.ctl.post(`/consultations/${sid}/messages`, { author: 'vet', body: 'How is Rex?' });
    // A phone on the LAN: not a loopback Host (the control API and the UI would refuse it).
    const view = await h.http.get(`${api(sid)}?after=2`).set('host', '192.168.1.20:4010').set('authorization', `Bearer ${token}`);
    expect(view.status).toBe(200);
    // The call's times and the app's name are there too (issue 37: the page shows the call's state and its partner).
    expect(view.body.consultation).toMatchObject({
      sid, type: 'chat', status: 'active', vet: { username: 'dr.ada', first_name: 'Ada', last_name: 'Moreno', profile_image: null }, pet: { name: 'Rex', species: 'dog' },
      accepted_at: expect.stringMatching(/Z$/), created_at: expect.stringMatching(/Z$/),
    });
    expect(Object.keys(view.body.consultation)).not.toContain('user_id'); // nothing of the partner's own records
    expect(view.body.messages.map((m: { index: number; body: string }) => [m.index, m.body])).toEqual([[3, 'How is Rex?']]);
    const posted = await h.http.post(`${api(sid)}/messages`).set('host', '192.168.1.20:4010').set('authorization', `Bearer ${token}`).send({ body: 'Limping' });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ index: 4, author: 'owner', author_name: 'Ann Lee', body: 'Limping' });
    expect((await thread(sid)).at(-1)).toMatchObject({ author: 'owner', body: 'Limping' });
  });

  it('refuses a token of another consultation, an altered token and no token, and posts nothing', async () => {
    const mine = await talk();
    const other = await talk();
    const [head, payload, signature] = mine.token.split('.');
    // The payload rewritten to grant the other channel, the signature kept: a forgery.
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), grants: { chat: { channel_sid: other.sid } } })).toString('base64url');
    const cases: [string, string | undefined, number, string][] = [
      ['a token of another consultation', other.token, 403, 'other_consultation'],
      ['an altered signature', `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`, 401, 'bad_token'],
      ['a forged grant', `${head}.${forgedPayload}.${signature}`, 401, 'bad_token'],
      ['no token', undefined, 401, 'no_token'],
      ['garbage', 'not-a-jwt', 401, 'bad_token'],
    ];
    for (const [what, token, status, code] of cases) {
      const auth = (r: ReturnType<typeof h.http.get>) => (token ? r.set('authorization', `Bearer ${token}`) : r);
      const read = await auth(h.http.get(api(mine.sid)));
      expect([what, read.status, read.body.error?.code]).toEqual([what, status, code]);
      const write = await auth(h.http.post(`${api(mine.sid)}/messages`)).send({ body: `sent with ${what}` });
      expect([what, write.status, write.body.error?.code]).toEqual([what, status, code]);
    }
    const anotherApp = await h.ctl.post('/apps', { name: 'other-app' });
    expect(anotherApp.status).toBe(201);
    const wrongApp = await h.http.get(`/other-app/main/talk-to-vet/api/consultations/${mine.sid}`).set('authorization', `Bearer ${mine.token}`);
    expect([wrongApp.status, wrongApp.body.error.code]).toEqual([403, 'other_app']);
    expect((await thread(mine.sid)).map((m) => m.author)).toEqual(['system']);
    expect((await thread(other.sid)).map((m) => m.author)).toEqual(['system']);
  });
});

describe('a consultation\'s timeline', () => {
  it('lists A8 and A10 with request_ids the journal resolves, the vet\'s actions and the messages, in time order', async () => {
    const { sid } = await talk();
    await h.ctl.post(`/consultations/${sid}/accept`);
    await h.ctl.post(`/consultations/${sid}/messages`, { author: 'vet', body: 'Hello' });
    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    const c = await h.ctl.get(`/consultations/${sid}`);
    expect(c.status).toBe(200);
    const timeline = c.body.timeline as { at: string; kind: string; endpoint?: string; request_id?: number; action?: string; author?: string }[];
    expect(timeline.map((e) => e.kind === 'request' ? e.endpoint : e.kind === 'vet_action' ? e.action : e.author)).toEqual([
      'A8', 'system', 'accept', 'system', 'vet', 'A10', 'system',
    ]);
    expect([...timeline].sort((a, b) => a.at.localeCompare(b.at))).toEqual(timeline);
    for (const e of timeline.filter((x) => x.kind === 'request')) {
      const entry = await h.ctl.get(`/requests/${e.request_id}`);
      expect(entry.status).toBe(200);
      expect(entry.body.endpoint).toBe(e.endpoint);
    }
    // A request of another consultation is not on this one's timeline.
    const other = await talk();
    expect((await h.ctl.get(`/consultations/${other.sid}`)).body.timeline.filter((e: { kind: string }) => e.kind === 'request').map((e: { endpoint: string }) => e.endpoint)).toEqual(['A8']);
    expect(c.body.owner_page_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/main\/talk-to-vet\?data=%7B%22rtcToken%22/);
  });
});
