// A partner's CI test with a scripted vet (docs/autopilot.md shows test/control/vet-rules.yaml and this test's steps).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from 'vet-consult-simulator';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ autopilot: 'test/control/vet-rules.yaml' }); // a YAML or JSON file, or the rules object
  await sim.clock.freeze(); // steps run when the test moves the clock, never while it waits
});
afterAll(() => sim.close());

const partner = (path: string, body: object) =>
  fetch(`${sim.url}/api/v2/demo${path}`, {
    method: 'POST',
    headers: { authorization: sim.credentials.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

it('the scripted vet joins, says hello, ends the chat and leaves feedback', async () => {
  await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  const { data: added } = await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  const { data: chat } = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: added.pet.id });
  expect((await sim.autopilot.pending({ sid: chat.channel })).map((s) => s.action)).toEqual(['accept', 'say', 'end', 'feedback']);

  await sim.clock.advance('20s'); // the vet accepts
  expect((await sim.consultations.get(chat.channel)).status).toBe('active');
  await sim.clock.advance('6m'); // says hello, ends the chat, writes feedback
  expect((await sim.consultations.messages(chat.channel)).some((m) => m.body.endsWith('How is Rex today?'))).toBe(true);
  const feedback = await partner('/feedback', { type: 'chat', channel_sid: chat.channel });
  expect(feedback.data).toMatchObject({ recommendation: 'urgent', reason: 'Limping since Monday' });
});
