// Issue 35 item 7: a restore is checked table by table. A snapshot with one bad pending autopilot step (body not
// JSON, due_at as text or 1e300) was accepted; then GET /autopilot/pending and every clock advance reaching it
// answered 500 and, in real time, no later step of any chat ran again. Now such a snapshot is refused 422 naming
// the row; and should such a row reach the data anyway, it is skipped with its reason and blocks nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { downloadSnapshot, edited, uploadSnapshot } from './snapshot-files';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
  expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
  expect((await h.ctl.put('/autopilot', { rules: [{ steps: [{ after: '1m', do: 'accept' }, { after: '1m', say: 'Hello {pet.name}' }, { after: '1m', do: 'end' }] }] })).status).toBe(200);
});
afterEach(async () => h.sim.close());

const snapshot = () => downloadSnapshot(h.http);

const restore = (bytes: Buffer) => uploadSnapshot(h.http, bytes);

describe('a snapshot with a row the simulator cannot read is refused, naming it, and nothing changes', () => {
  const cases: [string, string, string][] = [
    ['step body not JSON', "UPDATE autopilot_steps SET body = '{not json' WHERE id = 2", "The snapshot's autopilot_steps row 2 cannot be used: its body is not JSON."],
    ['step body not a step', `UPDATE autopilot_steps SET body = '{"do":"dance"}' WHERE id = 2`, "The snapshot's autopilot_steps row 2 cannot be used: its body is not a step (do: do is accept or end)."],
    ['due_at as text', "UPDATE autopilot_steps SET due_at = 'tomorrow' WHERE id = 1", "The snapshot's autopilot_steps row 1 cannot be used: its due_at is not a time the clock can reach (epoch milliseconds, years 1970–9999)."],
    // After 9999 the clock cannot go (advance_to refuses the move), so such a step would wait for ever.
    ['due_at in year 10000', 'UPDATE autopilot_steps SET due_at = 253402300800000 WHERE id = 2', "The snapshot's autopilot_steps row 2 cannot be used: its due_at is not a time the clock can reach (epoch milliseconds, years 1970–9999)."],
    ['due_at 1e300', 'UPDATE autopilot_steps SET due_at = 1e300 WHERE id = 3', "The snapshot's autopilot_steps row 3 cannot be used: its due_at is not a time the clock can reach (epoch milliseconds, years 1970–9999)."],
    ['draw out of range', 'UPDATE autopilot_steps SET draw = 7 WHERE id = 1', "The snapshot's autopilot_steps row 1 cannot be used: its draw is not a number from 0 to 1."],
    ['step of no consultation', 'UPDATE autopilot_steps SET consultation_id = 999 WHERE id = 1', "The snapshot's autopilot_steps row 1 cannot be used: it belongs to no consultation."],
    ['message author', "UPDATE messages SET author = 'admin' WHERE id = 1", "The snapshot's messages row 1 cannot be used: its author is not vet, owner or system."],
    ['message time', "UPDATE messages SET created_at = 'yesterday' WHERE id = 1", "The snapshot's messages row 1 cannot be used: its created_at is not an ISO 8601 time."],
    ['message body too long', `UPDATE messages SET body = '${'x'.repeat(1601)}' WHERE id = 1`, "The snapshot's messages row 1 cannot be used: its body is not text of 1 to 1600 characters."],
    ['activity time', "INSERT INTO consultation_activity (id, consultation_id, at, actor, action) VALUES (77, 1, 12, 'ui', 'accept')", "The snapshot's consultation_activity row 77 cannot be used: its at is not an ISO 8601 time."],
  ];
  it.each(cases)('%s', async (_name, sql, message) => {
    const sid = await h.talk('chat');
    const good = await snapshot();
    const bad = await edited(good, sql);
    const r = await restore(bad);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('invalid_snapshot');
    expect(r.body.error.message).toContain(message);
    // Nothing changed: the plan is still there, and the good snapshot restores.
    expect((await h.ctl.get('/autopilot/pending')).body.total).toBe(3);
    expect((await restore(good)).status).toBe(200);
    expect((await h.ctl.get(`/consultations/${sid}`)).body.status).toBe('waiting');
  });
});

describe('a bad pending step that reached the data anyway (last guard)', () => {
  it('GET /autopilot/pending and a clock advance answer 200; the bad step is skipped with its reason, the others run', async () => {
    const sid = await h.talk('chat');
    h.sim.ctx.db.runUnlogged("UPDATE autopilot_steps SET body = '{not json' WHERE step = 1");
    h.sim.ctx.db.runUnlogged("UPDATE autopilot_steps SET due_at = 'tomorrow' WHERE step = 2");
    const pending = await h.ctl.get('/autopilot/pending');
    expect(pending.status).toBe(200);
    expect(pending.body.items.map((p: { action: string }) => p.action)).toEqual(['accept', 'end']);
    expect((await h.ctl.post('/clock', { advance_to: 'next_step' })).status).toBe(200);
    expect((await h.ctl.get(`/consultations/${sid}`)).body.status).toBe('active');
    // The step whose body does not read is skipped with its reason; the one whose due_at is no time counts as due
    // at once (after every step with a time), so this move reaches both and the chat ends.
    expect((await h.ctl.post('/clock', { advance: '2m' })).status).toBe(200);
    expect((await h.ctl.get(`/consultations/${sid}`)).body.status).toBe('ended');
    const timeline = ((await h.ctl.get(`/consultations/${sid}`)).body.timeline as { kind: string; text: string }[]).filter((e) => e.kind === 'autopilot').map((e) => e.text);
    expect(timeline.join('\n')).toMatch(/rule 0, step 1 \(\?\): the stored step does not read/);
    expect((await h.ctl.get('/autopilot/pending')).body.total).toBe(0);
  });

  it('in real time, a bad step never stops the steps of other chats', async () => {
    expect((await h.ctl.put('/autopilot', { rules: [{ steps: [{ do: 'accept' }] }] })).status).toBe(200);
    const first = await h.talk('chat');
    h.sim.ctx.db.runUnlogged("UPDATE autopilot_steps SET body = 'null'");
    await h.registerUser({ email: 'bo@example.com' });
    await h.addPet('bo@example.com');
    const second = (await h.post('/api/v2/demo/talk-to-vet', { email: 'bo@example.com', conversation_request: 'chat', pet_id: 2 })).body.data.channel as string;
    expect((await h.ctl.post('/clock', { real_time: true })).status).toBe(200);
    h.sim.services.autopilot.realTime.start();
    for (let i = 0; i < 40 && (await h.ctl.get(`/consultations/${second}`)).body.status !== 'active'; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await h.ctl.get(`/consultations/${second}`)).body.status).toBe('active');
    expect((await h.ctl.get(`/consultations/${first}`)).body.status).toBe('waiting');
  });
});
