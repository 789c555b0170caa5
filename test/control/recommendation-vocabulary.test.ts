// Issue 35 item 25 (first half): the autopilot refused "Urgent" where the control API accepts it. One reading of a
// recommendation (src-shared/recommendations.ts) now serves the control API, the autopilot's schema and the domain.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkAutopilot } from '../../src-shared/schemas/autopilot';
import { feedbackWriteBody } from '../../src-shared/schemas/control';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

const SPELLINGS: [string, string][] = [['Urgent', 'urgent'], ['Non-urgent', 'non_urgent'], ['non urgent', 'non_urgent'], ['NON_URGENT', 'non_urgent'], [' Critical ', 'critical'], ['Emergency', 'emergency']];
const doc = (recommendation: string) => ({ rules: [{ steps: [{ do: 'accept' }, { feedback: { recommendation, reason: 'Limping' } }] }] });

describe('one recommendation vocabulary', () => {
  it.each(SPELLINGS)('the autopilot takes %j as the control API does, and A11 answers %s', async (spelling, stored) => {
    expect(feedbackWriteBody.safeParse({ recommendation: spelling, reason: 'x' }).success).toBe(true);
    expect((await h.ctl.put('/autopilot', doc(spelling))).status).toBe(200);
    expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
    const sid = await h.talk('chat');
    expect((await h.ctl.post('/clock', { advance: '1s' })).status).toBe(200);
    const a11 = await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: sid });
    expect(a11.status).toBe(200);
    expect(a11.body.data).toMatchObject({ recommendation: stored, reason: 'Limping' });
  });

  it('a word that is none of the four is refused by both, with the autopilot naming the path', async () => {
    for (const word of ['soon', 'urgently', '', 'non__urgent_']) {
      expect(feedbackWriteBody.safeParse({ recommendation: word, reason: 'x' }).success, word).toBe(false);
      const checked = checkAutopilot(doc(word));
      expect(checked.ok, word).toBe(false);
      if (!checked.ok) expect(checked.problems[0].path).toBe('rules[0].steps[1].feedback.recommendation');
    }
    const r = await h.ctl.put('/autopilot', doc('soon'));
    expect(r.status).toBe(422);
    expect(r.body.error.message).toBe('The autopilot rules were not changed: rules[0].steps[1].feedback.recommendation: recommendation is one of emergency, critical, urgent, non_urgent (any letter case; "Non-urgent" too).');
  });
});
