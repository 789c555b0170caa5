// A consultation's thread is state like any other (issue 25): a message answered 201 survives kill -9 right
// after the answer, and a snapshot restored into a fresh data folder carries the thread.
import { describe, expect, it } from 'vitest';
import { dataDirServers, requireBuild, tempDir } from './run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
const post = (url: string, path: string, body: object, headers: Record<string, string> = auth) =>
  fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
const json = { 'content-type': 'application/json' };
const start = dataDirServers();

async function openChat(url: string): Promise<string> {
  expect((await post(url, '/api/v2/demo/register-user', { first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
  const pet = await (await post(url, '/api/v2/demo/pet/add', { email: 'kim@example.com', name: 'Rex', age: '1 years', sex: 'male' })).json();
  const chat = await (await post(url, '/api/v2/demo/talk-to-vet', { email: 'kim@example.com', conversation_request: 'chat', pet_id: pet.data.pet.id })).json();
  return chat.data.channel;
}

const bodies = async (url: string, sid: string) =>
  ((await (await fetch(`${url}/__sim/v1/consultations/${sid}/messages`)).json()).items as { author: string; body: string }[]).map((m) => `${m.author}: ${m.body}`);

describe('a thread on disk', () => {
  it('keeps a message answered 201 through kill -9 right after the answer', async () => {
    requireBuild();
    const dir = tempDir();
    const { r, url } = await start(dir);
    const sid = await openChat(url);
    const said = await post(url, `/__sim/v1/consultations/${sid}/messages`, { author: 'owner', body: 'Limping since Monday' }, json);
    expect(said.status).toBe(201);
    r.child.kill('SIGKILL'); // no checkpoint, no clean exit: only the op log has it
    await r.exited;
    const { url: url2 } = await start(dir);
    const thread = await bodies(url2, sid);
    expect(thread).toHaveLength(2); // the vet is picked at random: the system line names whichever it was
    expect(thread[0]).toMatch(/^system: Chat requested for Rex: waiting for Dr\. .+ to join\.$/);
    expect(thread[1]).toBe('owner: Limping since Monday');
  });

  it('travels in a snapshot restored into a fresh data folder', async () => {
    requireBuild();
    const { url } = await start(tempDir());
    const sid = await openChat(url);
    expect((await post(url, `/__sim/v1/consultations/${sid}/accept`, {}, json)).status).toBe(200);
    expect((await post(url, `/__sim/v1/consultations/${sid}/messages`, { author: 'vet', body: 'Hello Kim' }, json)).status).toBe(201);
    const snapshot = new Uint8Array(await (await fetch(`${url}/__sim/v1/snapshot`)).arrayBuffer());
    const { url: fresh } = await start(tempDir());
    const restored = await fetch(`${fresh}/__sim/v1/snapshot`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: snapshot });
    expect(restored.status).toBe(200);
    expect(await bodies(fresh, sid)).toEqual(await bodies(url, sid));
    expect((await bodies(fresh, sid)).at(-1)).toBe('vet: Hello Kim');
  });
});
