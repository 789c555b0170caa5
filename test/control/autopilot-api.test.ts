// The autopilot in the programmatic API (issue 26): startSimulator({ autopilot }) with a document or a rules file,
// sim.autopilot.set/get/clear/pending, and sim.clock.advance taking durations (a number is still seconds).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlApiError, startSimulator, type RunningSimulator } from '../../src-main/api';
import { CHAT_AND_VIDEO } from './autopilot-rules';

const running: RunningSimulator[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function start(options: Parameters<typeof startSimulator>[0]) {
  const sim = await startSimulator(options);
  running.push(sim);
  return sim;
}

const partner = (sim: RunningSimulator, path: string, body: object) =>
  fetch(`${sim.url}/api/v2/demo${path}`, {
    method: 'POST', headers: { authorization: sim.credentials.authorization, 'content-type': 'application/json' }, body: JSON.stringify(body),
  }).then((r) => r.json());

async function openChat(sim: RunningSimulator): Promise<string> {
  await partner(sim, '/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  const { data: added } = await partner(sim, '/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  return (await partner(sim, '/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: added.pet.id })).data.channel;
}

describe('startSimulator({ autopilot })', () => {
  it('drives a chat from a rules file, on a clock advanced by durations', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vet-autopilot-')), 'rules.json');
    writeFileSync(file, JSON.stringify(CHAT_AND_VIDEO));
    const sim = await start({ autopilot: file });
    expect(await sim.autopilot.get()).toEqual(CHAT_AND_VIDEO);
    await sim.clock.freeze();
    const sid = await openChat(sim);
    expect((await sim.autopilot.pending()).map((p) => p.action)).toEqual(['accept', 'say', 'end', 'feedback']);
    await sim.clock.advance('25s');
    const { vet } = await sim.consultations.get(sid); // picked at random among the free vets
    expect((await sim.consultations.messages(sid)).at(-1)?.body).toBe(`Hi, I'm ${vet!.first_name}. How is Rex today?`);
    await sim.clock.advance(300); // seconds, as before
    expect((await sim.consultations.get(sid)).status).toBe('ended');
    await expect(sim.clock.toNextStep()).rejects.toMatchObject({ status: 409, code: 'no_pending_step' });
  });

  it('set, get, clear and pending; a refused document is a ControlApiError with its problems', async () => {
    const sim = await start({ autopilot: { rules: [{ steps: [{ after: '1h', do: 'accept' }] }] } });
    await sim.clock.freeze();
    const sid = await openChat(sim);
    expect(await sim.autopilot.pending({ sid })).toEqual([{ sid, rule: 0, step: 0, action: 'accept', due_at: expect.any(String) }]);
    expect(await sim.autopilot.set(CHAT_AND_VIDEO)).toEqual(CHAT_AND_VIDEO);
    const refused = await sim.autopilot.set({ rules: [{ steps: [{ after: '5 minutes', do: 'end' }] }] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ControlApiError);
    expect(refused).toMatchObject({ status: 422, code: 'invalid_autopilot', details: [{ path: 'rules[0].steps[0].after', message: '"5 minutes" is not a duration (use 5m)' }] });
    expect(await sim.autopilot.get()).toEqual(CHAT_AND_VIDEO);
    expect(await sim.autopilot.clear()).toEqual({ rules: [] });
    expect(await sim.autopilot.pending()).toEqual([]);
  });

  it('refuses to start with a rules file it cannot use, in one line naming the file and the path', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vet-autopilot-')), 'rules.yaml');
    writeFileSync(file, 'rules:\n  - steps:\n      - { after: 5 minutes, do: accept }\n');
    await expect(startSimulator({ autopilot: file })).rejects.toThrow(`Autopilot rules ${file}:3: rules[0].steps[0].after: "5 minutes" is not a duration (use 5m)`);
  });
});
