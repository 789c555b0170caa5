// Issue 35, finding 13: the 1,600-character limit is counted in characters (code points) of the decoded text,
// however the JSON escaped them, and a lone surrogate is no character: refused 422 with a sentence on every
// way in, never stored (it used to come back as three U+FFFD).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
let sid: string;
let token: string;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
  const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  sid = r.body.data.channel;
  token = JSON.parse(r.body.data.stringify_response).rtcToken;
});
afterEach(async () => h.sim.close());

/** JSON with every non-ASCII UTF-16 unit as a `\uXXXX` escape, as some clients write it. */
const escaped = (value: unknown) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const postRaw = (text: string | Buffer) =>
  h.http.post(`/demo/main/talk-to-vet/api/consultations/${sid}/messages`).set('authorization', `Bearer ${token}`).set('content-type', 'application/json').serialize((b: unknown) => b as string).send(text);
const bodies = async () => ((await h.ctl.get(`/consultations/${sid}/messages`)).body.items as { author: string; body: string }[]).filter((m) => m.author !== 'system').map((m) => m.body);
const LONE = 'The body field must be valid Unicode text: it holds half of a surrogate pair (\\ud800–\\udfff) without the other half.';

describe('owner message characters', () => {
  it('takes 1,600 emoji sent as \\u escapes (19 KB of JSON) and stores them as sent; 1,601 is refused 422', async () => {
    const emoji = '🐶'.repeat(1600);
    const ok = await postRaw(escaped({ body: emoji }));
    expect([ok.status, ok.body.body]).toEqual([201, emoji]);
    const over = await postRaw(escaped({ body: `${emoji}🐶` }));
    expect([over.status, over.body]).toEqual([422, { error: { code: 'invalid', message: 'The body field must not be greater than 1600 characters.' } }]);
    expect(await bodies()).toEqual([emoji]);
  });

  it('refuses a lone surrogate, escaped or as UTF-8 bytes, 422 with a sentence, and stores nothing', async () => {
    for (const text of ['{"body":"a\\ud800b"}', '{"body":"\\udc00"}', '{"body":"🐶\\ud83d"}']) {
      const r = await postRaw(text);
      expect([text, r.status, r.body]).toEqual([text, 422, { error: { code: 'invalid', message: LONE } }]);
    }
    const bytes = Buffer.concat([Buffer.from('{"body":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const raw = await postRaw(bytes);
    expect([raw.status, raw.body.error.code]).toEqual([422, 'invalid']);
    expect(raw.body.error.message).toContain('valid UTF-8 text');
    expect(await bodies()).toEqual([]);
  });

  it('the control API refuses a lone surrogate alike', async () => {
    const r = await h.http.post(`/__sim/v1/consultations/${sid}/messages`).set('content-type', 'application/json').send('{"author":"vet","body":"x\\ud800"}');
    expect([r.status, r.body.error.message]).toEqual([422, LONE]);
    expect(await bodies()).toEqual([]);
  });
});

describe('a body that is not text', () => {
  it.each([
    [{ body: 5 }, 'The body field must be a string.'],
    [{ body: ['hi'] }, 'The body field must be a string.'],
    [{ body: null }, 'The body field is required.'],
    [{}, 'The body field is required.'],
  ])('%j: 422 saying which mistake it is', async (sent, message) => {
    const r = await h.http.post(`/demo/main/talk-to-vet/api/consultations/${sid}/messages`).set('authorization', `Bearer ${token}`).send(sent);
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({ code: 'invalid', message });
  });
});
