// The autopilot's scheduling as a domain rule, without HTTP (issue 26): the steps of the first fitting rule are
// written in the unit of work that opens the consultation (a rolled-back opening leaves none), each due counted
// from the previous one; stored rules the schema refuses at start mean no rules, never a failed start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDomain } from './domain-harness';

async function withAnn() {
  const d = await openDomain();
  d.clock.freeze(true);
  const app = d.services.apps.byId(1)!;
  const ann = d.services.users.registerApplicationUser(app, { email: 'ann@example.com', first_name: 'Ann', role: 'users', dev_type: 'ios' });
  const rex = d.uow.run((tx) => d.services.pets.add(tx, app, tx.users.byId(ann.id)!, { name: 'Rex', age: '1 years', sex: 'male', species: 'dog' })).pet;
  const open = (type: 'chat' | 'video') => d.uow.run((tx) => d.services.consultations.talkToVet(tx, app, { email: 'ann@example.com', pet_id: rex.id, type, family: 'application' })).consultation;
  return { ...d, app, rex, open };
}

describe('scheduling', () => {
  it('writes every step of the first fitting rule with its due time, counted from the step before', async () => {
    const d = await withAnn();
    d.services.autopilot.set({ rules: [{ match: { type: 'video' }, steps: [{ do: 'end' }] }, { steps: [{ after: '1.5s', do: 'accept' }, { after: '2m', say: 'hi' }, { say: 'again' }] }] });
    const start = d.clock.nowMs();
    const chat = d.open('chat');
    expect(d.services.autopilot.pending().items).toEqual([
      { sid: chat.sid, rule: 1, step: 0, action: 'accept', due_at: new Date(start + 1_500).toISOString() },
      { sid: chat.sid, rule: 1, step: 1, action: 'say', due_at: new Date(start + 121_500).toISOString() },
      { sid: chat.sid, rule: 1, step: 2, action: 'say', due_at: new Date(start + 121_500).toISOString() },
    ]);
  });

  it('in the unit of work that opens the consultation: one that is rolled back leaves no step', async () => {
    const d = await withAnn();
    d.services.autopilot.set({ rules: [{ steps: [{ do: 'accept' }] }] });
    const app = d.app;
    expect(() =>
      d.uow.run((tx) => {
        d.services.consultations.talkToVet(tx, app, { email: 'ann@example.com', pet_id: d.rex.id, type: 'chat', family: 'application' });
        throw new Error('the request failed after opening it');
      }),
    ).toThrow('the request failed after opening it');
    expect(d.services.autopilot.pending()).toEqual({ items: [], total: 0 });
  });

  it('drives a consultation by the rules in force when it was opened, not by later ones', async () => {
    const d = await withAnn();
    d.services.autopilot.set({ rules: [{ steps: [{ after: '1m', say: 'first rules' }] }] });
    const chat = d.open('chat');
    d.services.autopilot.set({ rules: [{ steps: [{ after: '1m', say: 'second rules' }] }] });
    await d.services.clock.change({ advance: '1m' });
    expect(d.services.messages.thread(chat.sid).items.at(-1)?.body).toBe('first rules');
  });
});

describe('stored rules', () => {
  it('are kept by a reset in its own logged step: killed right after it, the restart has the rules and no pending step', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vet-autopilot-')), 'simulator.sqlite');
    const a = await openDomain({ db: { file, checkpointIntervalMs: 3_600_000 } });
    const rules = { seed: 9, rules: [{ steps: [{ after: '1m', do: 'accept' as const }] }] };
    a.services.autopilot.set(rules);
    const app = a.services.apps.byId(1)!;
    const kim = a.services.users.registerApplicationUser(app, { email: 'kim@example.com', first_name: 'Kim', role: 'users', dev_type: 'ios' });
    const rex = a.uow.run((tx) => a.services.pets.add(tx, app, kim, { name: 'Rex', age: '1 years', sex: 'male' })).pet;
    a.uow.run((tx) => a.services.consultations.talkToVet(tx, app, { email: 'kim@example.com', pet_id: rex.id, type: 'chat', family: 'application' }));
    expect(a.services.autopilot.pending().total).toBe(1);
    await a.services.simulator.reset();
    // "a" dies here: no checkpoint, no close; only the op log has the reset
    const b = await openDomain({ db: { file } });
    b.services.simulator.load();
    expect(b.services.autopilot.get()).toEqual(rules);
    expect(b.services.autopilot.pending()).toEqual({ items: [], total: 0 });
  });

  it('that the schema refuses at start mean no rules, said once as a problem (a notice at start; a restore refused)', async () => {
    const d = await openDomain();
    d.uow.run((tx) => tx.meta.set('autopilot', JSON.stringify({ rules: [{ steps: [{ after: 'soon', do: 'accept' }] }] })));
    const problems = d.services.simulator.load();
    expect(d.services.autopilot.get()).toEqual({ rules: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^The stored autopilot rules do not read \(.*"soon" is not a duration.*\); the autopilot is off until rules are set again\.$/);
  });
});
