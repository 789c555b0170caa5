// A bug report in one file (issue 38): a bundle written by one process and opened by another (`serve --bundle`)
// shows the same request list (count, ids, statuses) and the same consultation timelines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_AUTH } from '../helpers';
import { requireBuild, run, tempDir, type Running } from '../cli/run';

const started: Running[] = [];
afterAll(() => started.forEach((r) => r.child.kill('SIGKILL')));

async function serve(args: string[]) {
  const r = run(['--port', '0', '--in-memory', ...args]);
  started.push(r);
  const url = await r.ready;
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const res = await fetch(`${url}${path}`, {
      method, headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  return { url, call };
}

describe('a bundle across two processes', () => {
  it('opens with the same request list and the same timelines', async () => {
    requireBuild();
    const a = await serve([]);
    const partner = (path: string, body: object) => a.call('POST', `/api/v2/demo${path}`, body, DEMO_AUTH);
    expect((await partner('/register-user', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' })).status).toBe(200);
    expect((await partner('/pet/add', { email: 'nobody@example.com', name: 'Rex', age: '2 years', sex: 'male' })).status).toBe(404);
    const chat = (await partner('/talk-to-vet', { email: 'ann@example.com', pet_id: 1, conversation_request: 'chat' })).body.data.channel;
    await a.call('POST', `/__sim/v1/consultations/${chat}/accept`, {});
    await a.call('POST', `/__sim/v1/consultations/${chat}/messages`, { author: 'vet', body: 'Hello Ann' });
    expect((await partner('/end', { channel_sid: chat })).status).toBe(200);
    const call = (await partner('/talk-to-vet', { email: 'ann@example.com', pet_id: 1, conversation_request: 'video' })).body.data.channel;
    expect((await partner('/video-call-action', { room_sid: call, status: 'declined' })).status).toBe(200);

    const bundle = await a.call('GET', '/__sim/v1/bundle?secrets=include');
    expect(bundle.status).toBe(200);
    const file = join(tempDir(), 'bug.json');
    writeFileSync(file, JSON.stringify(bundle.body));

    const b = await serve(['--bundle', file]);
    const list = async (s: typeof a) => (await s.call('GET', '/__sim/v1/requests?limit=500')).body.items.map((e: { id: number; status: number; path: string }) => [e.id, e.status, e.path]);
    const listA = await list(a);
    expect(listA.length).toBeGreaterThanOrEqual(7);
    expect(await list(b)).toEqual(listA);
    for (const sid of [chat, call]) {
      const timeline = async (s: typeof a) => (await s.call('GET', `/__sim/v1/consultations/${sid}`)).body.timeline;
      const ta = await timeline(a);
      expect(ta.some((t: { kind: string }) => t.kind === 'request')).toBe(true);
      expect(await timeline(b)).toEqual(ta);
    }
  }, 60_000);
});
