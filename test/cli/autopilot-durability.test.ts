// The autopilot's pending steps are state (issue 26): scheduled in the unit of work that opens the consultation,
// they survive kill -9 right after the partner's answer; a step that ran is gone for good, so a second kill -9 and
// restart never run it twice. The rules are configuration and survive the restart too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirServers, requireBuild, run, runToExit, tempDir, type Running } from './run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
const json = { 'content-type': 'application/json' };
const send = (url: string, method: string, path: string, body: object, headers: Record<string, string> = json) =>
  fetch(url + path, { method, headers, body: JSON.stringify(body) });
const start = dataDirServers();
async function killHard(r: Running) {
  r.child.kill('SIGKILL'); // no checkpoint, no clean exit: only the op log has what was answered
  await r.exited;
}

const RULES = { rules: [{ match: { type: 'chat' }, steps: [{ after: '1m', do: 'accept' }, { after: '1m', say: 'Hello {user.first_name}' }] }] };
const get = async (url: string, path: string) => (await fetch(url + path)).json();
const autopilotLines = async (url: string, sid: string) =>
  ((await get(url, `/__sim/v1/consultations/${sid}`)).timeline as { kind: string; text: string }[]).filter((e) => e.kind === 'autopilot').map((e) => e.text);

describe('autopilot steps on disk', () => {
  it('a pending step survives kill -9 right after the A8 answer, runs once after the restart, and never again', async () => {
    requireBuild();
    const dir = tempDir();
    const { r, url } = await start(dir);
    expect((await send(url, 'PUT', '/__sim/v1/autopilot', RULES)).status).toBe(200);
    expect((await send(url, 'POST', '/__sim/v1/clock', { frozen: true })).status).toBe(200);
    expect((await send(url, 'POST', '/api/v2/demo/register-user', { first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' }, auth)).status).toBe(200);
    const pet = await (await send(url, 'POST', '/api/v2/demo/pet/add', { email: 'kim@example.com', name: 'Rex', age: '1 years', sex: 'male' }, auth)).json();
    const chat = await (await send(url, 'POST', '/api/v2/demo/talk-to-vet', { email: 'kim@example.com', conversation_request: 'chat', pet_id: pet.data.pet.id }, auth)).json();
    const sid = chat.data.channel as string;
    await killHard(r);

    const second = await start(dir);
    expect(await get(second.url, '/__sim/v1/autopilot')).toEqual(RULES);
    expect((await get(second.url, '/__sim/v1/autopilot/pending')).items.map((p: { sid: string; action: string }) => [p.sid, p.action])).toEqual([[sid, 'accept'], [sid, 'say']]);
    expect((await send(second.url, 'POST', '/__sim/v1/clock', { advance: '90s' })).status).toBe(200);
    expect((await get(second.url, `/__sim/v1/consultations/${sid}`)).status).toBe('active');
    await killHard(second.r);

    const third = await start(dir);
    expect((await get(third.url, '/__sim/v1/autopilot/pending')).items.map((p: { action: string }) => p.action)).toEqual(['say']);
    expect((await send(third.url, 'POST', '/__sim/v1/clock', { advance: '1h' })).status).toBe(200);
    expect(await autopilotLines(third.url, sid)).toEqual(['The autopilot accepted the chat (rule 0, step 0)', 'The autopilot wrote in the chat (rule 0, step 1)']);
    const thread = (await get(third.url, `/__sim/v1/consultations/${sid}/messages`)).items as { author: string; body: string }[];
    expect(thread.filter((m) => m.author === 'vet').map((m) => m.body)).toEqual(['Hello Kim']);
  });
});

describe('serve --autopilot FILE', () => {
  it('starts with the rules of a good file, and a bad one is one line naming the file and the path, exit 2', async () => {
    requireBuild();
    const good = run(['--port', '0', '--in-memory', '--autopilot', join(__dirname, '..', 'control', 'vet-rules.yaml')]);
    const url = await good.ready;
    const rules = await (await fetch(`${url}/__sim/v1/autopilot`)).json();
    expect(rules.rules.length).toBeGreaterThan(0);
    good.child.kill('SIGTERM');
    expect(await good.exited).toBe(0);

    const file = join(tempDir(), 'bad.yaml');
    writeFileSync(file, 'seed: 1\nrules:\n  - match: { type: chat }\n    steps:\n      - { after: 5 minutes, do: accept }\n');
    const bad = await runToExit(['--port', '0', '--in-memory', '--autopilot', file]);
    expect(bad.code).toBe(2);
    const line = bad.stderr.trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain(file);
    expect(line).toContain('rules[0].steps[0].after');
  });
});
