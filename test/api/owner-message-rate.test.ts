// Issue 35, finding 3 (the rate half): one owner link posted 600–850 messages a second. The owner page's message
// API now takes OWNER_MESSAGE_RATE posts per window per consultation and per rtcToken, and answers the next one
// 429 with Retry-After and a sentence, storing nothing; the window slides on real time (unit-tested below with
// a clock of the test's own), and what it remembers stays bounded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_MESSAGE_RATE, OWNER_READ_RATE } from '../../src-main/core/domain/chat-limits';
import { MessageRate } from '../../src-main/core/owner/owner-rate';
import { makeSim, type Harness } from '../helpers';

describe('the owner API under a flood', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await makeSim();
    await h.registerUser();
    await h.addPet();
  });
  afterEach(async () => h.sim.close());

  const talk = async () => {
    const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    return { sid: r.body.data.channel as string, token: JSON.parse(r.body.data.stringify_response).rtcToken as string };
  };
  const post = (sid: string, token: string, body: string) =>
    h.http.post(`/demo/main/talk-to-vet/api/consultations/${sid}/messages`).set('authorization', `Bearer ${token}`).send({ body });

  it(`reads: ${OWNER_READ_RATE.messages} a minute per link (the page polls twice a second), then 429 with Retry-After; another chat is not held back`, async () => {
    const mine = await talk();
    const read = (c: { sid: string; token: string }) => h.http.get(`/demo/main/talk-to-vet/api/consultations/${c.sid}`).set('authorization', `Bearer ${c.token}`);
    for (let i = 0; i < OWNER_READ_RATE.messages; i++) expect((await read(mine)).status).toBe(200);
    const refused = await read(mine);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.error.code).toBe('too_many_reads');
    await h.ctl.post(`/consultations/${mine.sid}/end`, {});
    const other = await talk();
    expect((await read(other)).status).toBe(200);
  }, 60_000);

  it(`takes ${OWNER_MESSAGE_RATE.messages} messages, then answers 429 with Retry-After and stores nothing; refused posts do not count, another chat is not held back`, async () => {
    const mine = await talk();
    const other = await talk();
    // Refused posts store nothing and cost nothing: a client's mistakes do not use up the owner's messages.
    for (let i = 0; i < 2 * OWNER_MESSAGE_RATE.messages; i++) expect((await post(mine.sid, mine.token, '   ')).status).toBe(422);
    for (let i = 1; i <= OWNER_MESSAGE_RATE.messages; i++) expect((await post(mine.sid, mine.token, `message ${i}`)).status).toBe(201);
    const refused = await post(mine.sid, mine.token, 'one too many');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(OWNER_MESSAGE_RATE.windowMs / 1000);
    expect(refused.body).toEqual({
      error: { code: 'too_many_messages', message: `Too many messages: at most ${OWNER_MESSAGE_RATE.messages} every ${OWNER_MESSAGE_RATE.windowMs / 1000} seconds in one chat. Try again in ${wait} second${wait === 1 ? '' : 's'}.` },
    });
    const thread = (await h.ctl.get(`/consultations/${mine.sid}/messages`)).body;
    expect(thread.total).toBe(1 + OWNER_MESSAGE_RATE.messages); // the opening mark and the ten
    expect((await post(other.sid, other.token, 'hello')).status).toBe(201);
  });
});

describe('MessageRate', () => {
  const limit = { messages: 3, windowMs: 10_000 };

  it('lets `messages` posts through per window, says how long to wait, and slides', () => {
    let now = 0;
    const rate = new MessageRate(limit, () => now);
    expect([rate.take(['c1']).wait, rate.take(['c1']).wait, rate.take(['c1']).wait]).toEqual([0, 0, 0]);
    now = 2_500;
    expect(rate.take(['c1']).wait).toBe(8); // the first post leaves the window at 10 s: 7.5 s, rounded up
    now = 10_000;
    expect(rate.take(['c1']).wait).toBe(0);
  });

  it('holds a post back when any of its keys is full (a consultation with several tokens, a token on several paths) and counts it under none', () => {
    let now = 0;
    const rate = new MessageRate(limit, () => now);
    for (const token of ['t1', 't2', 't3']) expect(rate.take(['c1', token]).wait).toBe(0);
    expect(rate.take(['c1', 't4']).wait).toBeGreaterThan(0); // the consultation is full, whichever token
    expect(rate.take(['c2', 't4']).wait).toBe(0); // t4 was not counted by the refusal
    now = 10_000;
    expect(rate.take(['c1', 't4']).wait).toBe(0);
  });

  it('gives back a refunded post (one that stored nothing)', () => {
    const rate = new MessageRate(limit, () => 0);
    for (let i = 0; i < 10; i++) rate.take(['c1']).refund();
    expect([rate.take(['c1']).wait, rate.take(['c1']).wait, rate.take(['c1']).wait, rate.take(['c1']).wait > 0]).toEqual([0, 0, 0, true]);
  });

  it('forgets idle keys: memory stays bounded under many consultations', () => {
    let now = 0;
    const rate = new MessageRate(limit, () => now);
    for (let i = 0; i < 10_000; i++) rate.take([`c${i}`]);
    now = 20_000;
    rate.take(['fresh']);
    expect(rate.size).toBeLessThanOrEqual(2);
  });
});
