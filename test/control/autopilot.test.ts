// The vet autopilot through the control API (issue 26): rules checked by one schema, steps on the simulator clock
// (a frozen clock runs nothing until moved; a move runs what falls due, in order, before it answers), every step in
// the timeline with its cause, a tester's action taking the consultation over, a step that no longer applies skipped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';
import { CHAT_AND_VIDEO } from './autopilot-rules';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

const talk = (type: 'chat' | 'video' = 'chat') => h.talk(type);
const advance = async (seconds: number) => expect((await h.ctl.post('/clock', { advance_seconds: seconds })).status).toBe(200);
const status = async (sid: string) => (await h.ctl.get(`/consultations/${sid}`)).body.status as string;
const pending = async (sid?: string) => (await h.ctl.get(`/autopilot/pending${sid ? `?sid=${sid}` : ''}`)).body.items as { sid: string; rule: number; step: number; action: string; due_at: string }[];
const autopilotLines = async (sid: string) =>
  ((await h.ctl.get(`/consultations/${sid}`)).body.timeline as { kind: string; text: string }[]).filter((e) => e.kind === 'autopilot').map((e) => e.text);
const setRules = async (doc: object = CHAT_AND_VIDEO) => expect((await h.ctl.put('/autopilot', doc)).status).toBe(200);
const freeze = async () => expect((await h.ctl.post('/clock', { frozen: true })).status).toBe(200);

describe('the chat rule on a frozen clock', () => {
  it('accepts at +20 s, writes with the vet\'s and the pet\'s names at +25 s, ends at +5 min 25 s, and its feedback is what A11 answers', async () => {
    await setRules();
    await freeze();
    const sid = await talk('chat');
    const created = Date.parse((await h.ctl.get('/clock')).body.now);

    const plan = await pending();
    expect(plan[0]).toEqual({ sid, rule: 0, step: 0, action: 'accept', due_at: new Date(created + 20_000).toISOString() });
    expect(plan.map((p) => p.action)).toEqual(['accept', 'say', 'end', 'feedback']);

    await advance(19);
    expect(await status(sid)).toBe('waiting');
    await advance(2);
    expect(await status(sid)).toBe('active');
    await advance(5);
    const thread = (await h.ctl.get(`/consultations/${sid}/messages`)).body.items as { author: string; body: string; created_at: string }[];
    expect(thread.at(-1)).toMatchObject({ author: 'vet', body: "Hi, I'm Ada. How is Rex today?", created_at: new Date(created + 25_000).toISOString() });
    await advance(300);
    expect(await status(sid)).toBe('ended');
    expect(await pending()).toEqual([]);

    const a11 = await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: sid });
    expect(a11.status).toBe(200);
    expect(a11.body.data).toMatchObject({ recommendation: 'urgent', reason: 'Limping since Monday', vet_first_name: 'Ada' });
    expect(await autopilotLines(sid)).toEqual([
      'The autopilot accepted the chat (rule 0, step 0)',
      'The autopilot wrote in the chat (rule 0, step 1)',
      'The autopilot ended it (rule 0, step 2)',
      'The autopilot wrote feedback (rule 0, step 3)',
    ]);
  });

  it('runs nothing while the clock stands still, however much real time passes', async () => {
    await setRules({ rules: [{ steps: [{ do: 'accept' }] }] }); // due at once
    await freeze();
    const sid = await talk('chat');
    await new Promise((r) => setTimeout(r, 600)); // more than two ticks of the real-time timer
    expect(await status(sid)).toBe('waiting');
    await advance(0); // a move of nothing still runs what is due now
    expect(await status(sid)).toBe('active');
  });

  it('advance_to next_step jumps to the next step and runs it; a duration advances too; with nothing pending: 409 no_pending_step', async () => {
    await setRules();
    await freeze();
    const sid = await talk('chat');
    const created = Date.parse((await h.ctl.get('/clock')).body.now);
    const next = await h.ctl.post('/clock', { advance_to: 'next_step' });
    expect(next.status).toBe(200);
    expect(next.body.now).toBe(new Date(created + 20_000).toISOString());
    expect(await status(sid)).toBe('active');
    expect((await h.ctl.post('/clock', { advance: '5m10s' })).status).toBe(422);
    expect((await h.ctl.post('/clock', { advance: '6m' })).body.now).toBe(new Date(created + 380_000).toISOString());
    expect(await status(sid)).toBe('ended');
    const none = await h.ctl.post('/clock', { advance_to: 'next_step' });
    expect(none.status).toBe(409);
    expect(none.body.error).toEqual({ code: 'no_pending_step', message: 'No autopilot step is pending.', details: [] });
  });
});

describe('interruptions', () => {
  it('a tester accepting before the step takes the chat over: no second accept, no pending steps, the takeover in the timeline', async () => {
    await setRules();
    await freeze();
    const sid = await talk('chat');
    expect((await h.ctl.post(`/consultations/${sid}/accept`)).status).toBe(200);
    expect(await pending(sid)).toEqual([]);
    await advance(3600);
    expect(await status(sid)).toBe('active'); // the autopilot's end never came
    const timeline = (await h.ctl.get(`/consultations/${sid}`)).body.timeline as { kind: string; action?: string; text: string }[];
    expect(timeline.filter((e) => e.action === 'accept').map((e) => e.kind)).toEqual(['vet_action']);
    expect(await autopilotLines(sid)).toEqual(['Taken over by the tester (4 pending steps dropped)']);
    const bodies = (await h.ctl.get(`/consultations/${sid}/messages`)).body.items.map((m: { body: string }) => m.body);
    expect(bodies).not.toContain("Hi, I'm Ada. How is Rex today?");
  });

  it('the vet writing takes over; the owner writing does not; a refused action takes nothing over', async () => {
    await setRules();
    await freeze();
    const sid = await talk('chat');
    expect((await h.ctl.post(`/consultations/${sid}/messages`, { author: 'owner', body: 'Hello?' })).status).toBe(201);
    expect(await pending(sid)).toHaveLength(4);
    expect((await h.ctl.post(`/consultations/${sid}/outcome`, { status: 'accepted' })).status).toBe(409); // a chat has no call outcome
    expect(await pending(sid)).toHaveLength(4);
    expect((await h.ctl.post(`/consultations/${sid}/messages`, { author: 'vet', body: 'One moment' })).status).toBe(201);
    expect(await pending(sid)).toEqual([]);
  });

  it('a step that no longer applies is skipped with its reason, never an error', async () => {
    await setRules();
    await freeze();
    const sid = await talk('chat');
    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200); // the partner ends it first
    await advance(3600);
    expect(await status(sid)).toBe('ended');
    expect(await autopilotLines(sid)).toEqual([
      'An autopilot step was skipped (rule 0, step 0 (accept): Chat is ended, not waiting.)',
      'An autopilot step was skipped (rule 0, step 1 (say): The chat has ended; it takes no new messages.)',
      'An autopilot step was skipped (rule 0, step 2 (end): Chat already ended)',
      'The autopilot wrote feedback (rule 0, step 3)', // feedback on an ended chat is allowed
    ]);
  });

  it('records a drawn outcome with its draw, and vet_online changes the roster', async () => {
    await setRules({ seed: 3, rules: [{ match: { type: 'video' }, steps: [{ after: '1m', outcome: { declined: 1, notanswered: 1 } }, { vet_online: false }] }] });
    await freeze();
    const room = await talk('video');
    await advance(60);
    const outcome = await status(room);
    expect(['declined', 'notanswered']).toContain(outcome);
    const [drawn, offline] = await autopilotLines(room);
    expect(drawn).toMatch(new RegExp(`^The autopilot (declined|did not answer) the call \\(rule 0, step 0, draw 0\\.\\d\\d → ${outcome}\\)$`));
    expect(offline).toBe('The autopilot set the vet offline (rule 0, step 1)');
    expect((await h.ctl.get('/vets')).body.items.find((v: { id: string }) => v.id === 'vet_1').online).toBe(false);
  });
});

describe('the rules', () => {
  it('refuses bad documents with 422 invalid_autopilot naming each path, and leaves the rules in force', async () => {
    await setRules();
    const bad = async (doc: object) => {
      const r = await h.ctl.put('/autopilot', doc);
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('invalid_autopilot');
      return r.body.error.details as { path: string; message: string }[];
    };
    const steps = (...s: object[]) => ({ rules: [{ match: { type: 'chat' }, steps: s }] });
    expect(await bad(steps({ do: 'accept' }, { after: '5 minutes', say: 'hi' }))).toEqual([{ path: 'rules[0].steps[1].after', message: '"5 minutes" is not a duration (use 5m)' }]);
    expect(await bad(steps({ jump: 'now' }))).toContainEqual({ path: 'rules[0].steps[0].jump', message: expect.stringMatching(/^"jump" is not a key of a step \(use after, do, say, feedback, outcome, vet_online\)$/) });
    expect(await bad(steps({ outcome: { accepted: 'many', declined: 20 } }))).toEqual([{ path: 'rules[0].steps[0].outcome.accepted', message: 'a weight is a number, not "many"' }]);
    expect(await bad({ rules: [{ match: { colour: 'red' }, steps: [{ do: 'end' }] }] })).toEqual([
      { path: 'rules[0].match.colour', message: '"colour" is not a key of match (use type, app, vet, species, email)' },
    ]);
    expect(await bad(steps({ say: 'How is {pet.nme}?' }))).toEqual([{ path: 'rules[0].steps[0].say', message: expect.stringContaining('{pet.nme} is not a placeholder') }]);
    const two = await h.ctl.put('/autopilot', steps({ after: 'soon', do: 'accept' }, {}));
    expect(two.body.error.message).toBe('The autopilot rules were not changed: rules[0].steps[0].after: "soon" is not a duration (use <n>ms, s, m, h or d, e.g. 30s or 5m) (and 1 more).');
    expect(two.body.error.details).toHaveLength(2);
    expect((await h.ctl.get('/autopilot')).body).toEqual(CHAT_AND_VIDEO);
  });

  it('survive a reset, which clears the pending steps; DELETE switches the autopilot off and drops what is pending', async () => {
    await setRules();
    await freeze();
    const before = await talk('chat');
    expect(await pending()).toHaveLength(4);
    expect((await h.ctl.post('/reset')).status).toBe(200);
    expect((await h.ctl.get('/autopilot')).body).toEqual(CHAT_AND_VIDEO);
    expect(await pending()).toEqual([]);

    await h.registerUser();
    await h.addPet();
    const after = await talk('chat');
    expect(after).toBe(before); // the same consultation number, the same sid: a fresh plan for it
    expect(await pending()).toHaveLength(4);
    const cleared = await h.http.delete('/__sim/v1/autopilot');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ rules: [] });
    expect(await pending()).toEqual([]);
    expect(await autopilotLines(after)).toEqual(['The autopilot let go (the rules were cleared: 4 pending steps dropped)']);
    expect((await h.ctl.get('/autopilot')).body).toEqual({ rules: [] });
  });

  it('drive only the consultations their match fits, the first fitting rule winning', async () => {
    await setRules({ rules: [{ match: { email: '*@EXAMPLE.org' }, steps: [{ do: 'end' }] }, { match: { species: 'dog', app: 'demo', vet: 'vet_1' }, steps: [{ say: 'Woof, {user.first_name}' }] }] });
    await freeze();
    const sid = await talk('chat');
    expect((await pending(sid)).map((p) => [p.rule, p.action])).toEqual([[1, 'say']]);
    await h.registerUser({ email: 'cat@example.com' });
    await h.addPet('cat@example.com', { species: 'cat', name: 'Tom' });
    const cat = await h.post('/api/v2/demo/talk-to-vet', { email: 'cat@example.com', conversation_request: 'chat', pet_id: 2 });
    expect(await pending(cat.body.data.channel)).toEqual([]);
    await advance(0);
    expect((await h.ctl.get(`/consultations/${sid}/messages`)).body.items.at(-1).body).toBe('Woof, Ann');
  });

  it('serves the JSON Schema of a rules document, made from the schema that checks them', async () => {
    const r = await h.ctl.get('/autopilot.schema.json');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['rules'], additionalProperties: false });
    const step = r.body.properties.rules.items.properties.steps.items;
    expect(step.oneOf).toEqual([{ required: ['do'] }, { required: ['say'] }, { required: ['feedback'] }, { required: ['outcome'] }, { required: ['vet_online'] }]);
    expect(step.properties.after.pattern).toBe('^(\\d+(?:\\.\\d+)?)(ms|s|m|h|d)$');
  });
});

describe('in real time', () => {
  it('runs a step within a second of falling due while the clock runs', async () => {
    await setRules({ rules: [{ steps: [{ after: '300ms', do: 'accept' }] }] });
    const sid = await talk('chat');
    const started = Date.now();
    await expect.poll(() => status(sid), { timeout: 3000, interval: 50 }).toBe('active');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
