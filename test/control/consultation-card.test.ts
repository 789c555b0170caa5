// A consultation's card as the vet console's actions and detail answer it (four point reads, issue 30) is the
// card its queue page shows (one joined query): the same consultation, user, pet, vet and feedback, field for field.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());


it('reads the same card alone as in the queue page, through every state a vet action leaves it in', async () => {
  await h.ctl.patch('/apps/1', { rate_limit_per_minute: 0 });
  await h.registerUser();
  await h.addPet();
  const waiting = await h.talk('chat');
  const accepted = await h.talk('chat');
  const withFeedback = await h.talk('chat');
  const declined = await h.talk('video');
  const acceptAnswer = await h.ctl.post(`/consultations/${accepted}/accept`);
  await h.ctl.post(`/consultations/${withFeedback}/accept`);
  const feedbackAnswer = await h.ctl.put(`/consultations/${withFeedback}/feedback`, { recommendation: 'Non-urgent', reason: 'Rest and fluids.' });
  await h.ctl.post(`/consultations/${declined}/outcome`, { status: 'declined' });

  const page = (await h.ctl.get('/consultations?per_page=50')).body.items as Array<Record<string, unknown> & { sid: string }>;
  expect(page.map((c) => c.sid).sort()).toEqual([waiting, accepted, withFeedback, declined].sort());
  for (const fromPage of page) {
    const detail = await h.ctl.get(`/consultations/${fromPage.sid}`);
    expect(detail.status).toBe(200);
    // waiting_seconds is read from the real clock at each answer
    const { timeline: _t, owner_page_url: _o, waiting_seconds: w, ...card } = detail.body;
    const { waiting_seconds: w0, ...pageCard } = fromPage;
    expect(card).toEqual(pageCard);
    expect(w).toBeGreaterThanOrEqual(w0 as number);
  }
  const byPage = Object.fromEntries(page.map((c) => [c.sid, c]));
  // What the actions answered is the card as committed: the page's, but for the waiting time since.
  const { waiting_seconds: _w1, ...accept } = acceptAnswer.body;
  const { waiting_seconds: _w2, ...acceptedCard } = byPage[accepted];
  expect(accept).toEqual(acceptedCard);
  expect(feedbackAnswer.body.feedback).toMatchObject({ recommendation: 'non_urgent', reason: 'Rest and fluids.' });
  expect(feedbackAnswer.body.feedback).toEqual(byPage[withFeedback].feedback);
  expect(byPage[withFeedback].vet).toMatchObject({ id: expect.stringMatching(/^vet_/), username: expect.any(String) });
  expect(byPage[withFeedback].user).toMatchObject({ email: 'ann@example.com' });
  expect(byPage[withFeedback].pet).toMatchObject({ id: 1 });
  expect(byPage[waiting].feedback).toBeNull();
});

it('answers 404 with the same message for an unknown sid', async () => {
  const r = await h.ctl.get('/consultations/CHnope');
  expect(r.status).toBe(404);
  expect(JSON.stringify(r.body)).toContain('Consultation Not Found');
});
