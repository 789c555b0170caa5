// A partner's integration test using the programmatic API (this file is shown verbatim in docs/programmatic-api.md).
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from 'vet-consult-simulator';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator(); // in memory, on a free port
});
beforeEach(() => sim.reset());
afterAll(() => sim.close());

const partner = (path: string, body: object) =>
  fetch(`${sim.url}/api/v2/demo${path}`, {
    method: 'POST',
    headers: { authorization: sim.credentials.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());

it('a chat the vet accepts and ends, with feedback the partner can read', async () => {
  await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  const { data: added } = await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  const { data: chat } = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: added.pet.id });

  await sim.consultations.accept(chat.channel);
  await sim.consultations.feedback(chat.channel, { recommendation: 'urgent', reason: 'Limping since Monday' });
  const feedback = await partner('/feedback', { type: 'chat', channel_sid: chat.channel });
  expect(feedback.data).toMatchObject({ recommendation: 'urgent', reason: 'Limping since Monday' });

  expect(await sim.requests.count({ endpoint: 'A8' })).toBe(1);
  await sim.clock.advance(15 * 86400); // the 14-day trial is over
  expect((await sim.consultations.get(chat.channel)).status).toBe('active');
});
