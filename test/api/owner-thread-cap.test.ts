// Issue 35, finding 3 (the thread half): a thread is capped at THREAD_CAP messages of the vet and the owner, on
// every way in: the owner's page answers 409 with a sentence, the control API likewise, and an autopilot `say`
// step at the cap is skipped with that reason in the timeline (never a 500, never a stuck step). The chat can
// still be ended: lifecycle marks are not held to the cap.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THREAD_CAP } from '../../src-main/core/domain/chat-limits';
import { makeSim, type Harness } from '../helpers';
import { fillThread } from './owner-thread-fill';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

const talk = async () => {
  const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  expect(r.status).toBe(200);
  return { sid: r.body.data.channel as string, token: JSON.parse(r.body.data.stringify_response).rtcToken as string };
};
/** The owner's token as the vet console's link hands it out now (a restore signs tokens anew). */
const ownerToken = async (sid: string) =>
  JSON.parse(new URL((await h.ctl.get(`/consultations/${sid}`)).body.owner_page_url).searchParams.get('data')!).rtcToken as string;
const FULL = `This chat has reached its limit of ${THREAD_CAP.toLocaleString('en-US')} messages and takes no new ones; end it and start a new consultation.`;

describe('a full thread', () => {
  it('refuses the owner (page API) and the vet (control API) with 409 thread_full, stores nothing, and still ends', async () => {
    const { sid } = await talk();
    expect((await h.ctl.post(`/consultations/${sid}/accept`)).status).toBe(200);
    await fillThread(h, sid, THREAD_CAP - 1);
    const token = await ownerToken(sid);
    // One place left: taken, then the cap.
    const last = await h.ctl.post(`/consultations/${sid}/messages`, { author: 'vet', body: 'the last one' });
    expect([last.status, last.body.index]).toEqual([201, THREAD_CAP]);

    const owner = await h.http.post(`/demo/main/talk-to-vet/api/consultations/${sid}/messages`).set('authorization', `Bearer ${token}`).send({ body: 'one more' });
    expect([owner.status, owner.body]).toEqual([409, { error: { code: 'thread_full', message: FULL } }]);
    const vet = await h.ctl.post(`/consultations/${sid}/messages`, { author: 'vet', body: 'one more' });
    expect([vet.status, vet.body.error.code, vet.body.error.message]).toEqual([409, 'thread_full', FULL]);
    expect((await h.ctl.get(`/consultations/${sid}/messages?after=${THREAD_CAP - 1}`)).body).toMatchObject({ total: THREAD_CAP, items: [{ body: 'the last one' }] });

    expect((await h.ctl.post(`/consultations/${sid}/end`)).status).toBe(200);
    const tail = (await h.ctl.get(`/consultations/${sid}/messages?after=${THREAD_CAP}`)).body;
    expect(tail.items.map((m: { author: string }) => m.author)).toEqual(['system']);
  });

  it("skips the autopilot's `say` at the cap with the reason in the timeline; the steps after it still run", async () => {
    const rules = { rules: [{ steps: [{ after: '1m', do: 'accept' }, { after: '1m', say: 'Still there?' }, { after: '1m', do: 'end' }] }] };
    const set = await h.ctl.put('/autopilot', rules);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { sid } = await talk();
    await fillThread(h, sid, THREAD_CAP);
    expect((await h.ctl.post('/clock', { advance: '5m' })).status).toBe(200);

    const timeline = (await h.ctl.get(`/consultations/${sid}`)).body.timeline as { kind: string; text: string }[];
    expect(timeline.filter((e) => e.kind === 'autopilot').map((e) => e.text)).toEqual([
      'The autopilot accepted the chat (rule 0, step 0)',
      `An autopilot step was skipped (rule 0, step 1 (say): ${FULL})`,
      'The autopilot ended it (rule 0, step 2)',
    ]);
    expect((await h.ctl.get(`/consultations/${sid}`)).body.status).toBe('ended');
    expect((await h.ctl.get('/autopilot/pending')).body.total).toBe(0);
  });
});
