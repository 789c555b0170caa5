// Issue 35 item 4: every clock move is checked where it lands. `advance_to: next_step` was checked on *now*, then
// jumped to a step ten years out: the clock reached year 10009, `real_time` and `frozen` were refused 422, and the
// data stamped there kept B5 answering 500 after the clock was back and the process restarted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
});
afterEach(async () => h.sim.close());

const clock = (body: object) => h.ctl.post('/clock', body);

/** Near the end of year 9999, frozen, with a chat whose autopilot steps lie ten years on. */
async function chatWithStepsBeyond9999() {
  expect((await clock({ set: '9999-12-01T00:00:00Z' })).status).toBe(200);
  expect((await clock({ frozen: true })).status).toBe(200);
  await h.registerClient();
  await h.registerUser();
  await h.addPet();
  const rules = { rules: [{ steps: [{ after: '3650d', do: 'accept' }, { say: 'Hello {pet.name}' }, { feedback: { recommendation: 'emergency', reason: 'Far future' } }, { do: 'end' }] }] };
  expect((await h.ctl.put('/autopilot', rules)).status).toBe(200);
  return h.talk('chat');
}

describe('a move is checked on its target', () => {
  it('a rule whose later steps fall after 9999 plans the ones before, and advance_to runs them', async () => {
    expect((await clock({ frozen: true })).status).toBe(200);
    expect((await clock({ set: '9999-12-31T23:00:00Z' })).status).toBe(200);
    await h.registerUser();
    await h.addPet();
    const rules = { rules: [{ steps: [{ after: '30m', do: 'accept' }, { after: '3650d', do: 'end' }] }] };
    expect((await h.ctl.put('/autopilot', rules)).status).toBe(200);
    const sid = await h.talk('chat');
    const pending = (await h.ctl.get('/autopilot/pending')).body;
    expect(pending.items.map((p: { action: string }) => p.action)).toEqual(['accept']);
    expect((await clock({ advance_to: 'next_step' })).body.now).toBe('9999-12-31T23:30:00.000Z');
    expect((await h.ctl.get(`/consultations/${sid}`)).body.status).toBe('active');
  });

  it('steps beyond 9999-12-31 are never planned, so advance_to cannot jump there: the clock stays, nothing runs, B5 answers', async () => {
    // The probe's rule once planned all four steps in year 10009 and advance_to jumped the clock there; now the
    // scheduler stops at the first step the clock could never reach (the move is still checked on its target).
    const sid = await chatWithStepsBeyond9999();
    const before = (await h.ctl.get('/clock')).body.now;
    expect((await h.ctl.get('/autopilot/pending')).body.total).toBe(0);
    const r = await clock({ advance_to: 'next_step' });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('no_pending_step');
    expect((await h.ctl.get('/clock')).body.now).toBe(before);
    expect((await h.ctl.get(`/consultations/${sid}`)).body.status).toBe('waiting');
    expect((await clock({ real_time: true })).status).toBe(200);
    const b5 = await h.http.post('/client/user/1/v2/report/user/list').send({});
    expect(b5.status).toBe(200);
  });

  it('advance (seconds or a duration) and set are refused past either end, and leave the clock where it was', async () => {
    expect((await clock({ frozen: true })).status).toBe(200);
    expect((await clock({ set: '9999-12-31T23:00:00Z' })).status).toBe(200);
    for (const body of [{ advance_seconds: 3601 }, { advance: '2h' }, { set: '1969-12-31T23:00:00-02:00' }, { set: '1970-01-01T00:30:00+01:00' }]) {
      const r = await clock(body);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    expect((await h.ctl.get('/clock')).body.now).toBe('9999-12-31T23:00:00.000Z');
    expect((await clock({ advance: '59m' })).body.now).toBe('9999-12-31T23:59:00.000Z');
  });
});

describe('real_time and frozen always bring the clock back', () => {
  it('from a clock real time carried past 9999-12-31: frozen holds it at the last instant, real_time is now', async () => {
    // A running clock set to the last millisecond: the next tick of real time is past the range.
    expect((await clock({ set: '9999-12-31T23:59:59.999Z' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const frozen = await clock({ frozen: true });
    expect(frozen.status).toBe(200);
    expect(frozen.body.now).toBe('9999-12-31T23:59:59.999Z');
    const back = await clock({ real_time: true });
    expect(back.status).toBe(200);
    expect(back.body.is_real_time).toBe(true);
    expect(Math.abs(Date.parse(back.body.now) - Date.now())).toBeLessThan(5000);
  });
});
