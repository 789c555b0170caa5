// The autopilot's timing trials start alike: a frozen clock, one waiting chat, and many pending steps written
// straight into the data (30,000 rules' worth would take minutes through the API).
import { expect } from 'vitest';
import { makeSim, type Harness } from '../helpers';

export const pendingCount = (sim: Harness) => Number(sim.sim.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM autopilot_steps')!.n);

/**
 * A simulator on a frozen clock with one chat and `count` pending steps for it, step i due at `dueAt(now, i)`;
 * every other step accepts the chat (a step that fails is skipped with its reason, which costs the same).
 */
export async function chatWithPendingSteps(count: number, dueAt: (now: number, i: number) => number, body = (i: number) => (i % 2 ? '{"do":"accept"}' : '{"vet_online":true}')) {
  const h = await makeSim();
  await h.registerUser();
  await h.addPet();
  expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);
  const sid = await h.talk('chat');
  const now = Date.parse((await h.ctl.get('/clock')).body.now);
  const id = Number(h.sim.ctx.db.get<{ id: number }>('SELECT id FROM consultations WHERE sid = ?', [sid])!.id);
  const db = h.sim.ctx.db;
  db.unloggedBatch(() => {
    for (let i = 0; i < count; i++)
      db.runUnlogged('INSERT INTO autopilot_steps (consultation_id, rule, step, due_at, body, draw) VALUES (?, 0, ?, ?, ?, NULL)', [id, i, dueAt(now, i), body(i)]);
  });
  expect(pendingCount(h)).toBe(count);
  return { h, now };
}
