// A world made by a mixed partner and control workload (both families, every consultation state, threads,
// feedback, a deleted user, fault and autopilot rules, a frozen clock) survives a round trip through a scenario:
// load → save → load → save gives the same bytes, and partner reads of both families answer the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, makeSim, type Harness } from '../helpers';

let a: Harness;
let b: Harness;
const FROZEN = '2026-03-02T10:00:00.000Z';

async function buildWorld(h: Harness) {
  await h.ctl.post('/clock', { set: FROZEN });
  await h.ctl.post('/clock', { frozen: true });
  for (const [first, email, role] of [['Ann', 'ann@example.com', 'users'], ['Bo', 'bo@example.com', 'protect_users'], ['Cy', 'cy@example.com', 'users']])
    await h.registerUser({ first_name: first, email, role, ...(role === 'protect_users' ? { emergency_fund: 300 } : {}) });
  for (const [email, name] of [['ann@example.com', 'Rex'], ['bo@example.com', 'Tom'], ['ann@example.com', 'Mia'], ['cy@example.com', 'Rex'], ['bo@example.com', 'Tom']])
    await h.addPet(email, { name });
  expect((await h.registerClient()).status).toBe(200);
  expect((await h.registerClient({ email: 'raj@example.com', first_name: 'Raj', name: 'Kiki' })).status).toBe(200);
  const talk = async (email: string, pet_id: number, type: 'chat' | 'video') => {
    const r = await h.post('/api/v2/demo/talk-to-vet', { email, pet_id, conversation_request: type });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.channel as string;
  };
  const waiting = await talk('ann@example.com', 1, 'chat');
  await h.ctl.post(`/consultations/${waiting}/messages`, { author: 'owner', body: 'Hello?' });
  const active = await talk('bo@example.com', 2, 'chat');
  await h.ctl.post(`/consultations/${active}/accept`);
  await h.ctl.post(`/consultations/${active}/messages`, { author: 'vet', body: 'Hi Bo, how is Tom?' });
  const ended = await talk('ann@example.com', 3, 'chat');
  await h.ctl.post(`/consultations/${ended}/accept`);
  expect((await h.post('/api/v2/demo/end', { channel_sid: ended })).status).toBe(200);
  await h.ctl.put(`/consultations/${ended}/feedback`, { recommendation: 'urgent', reason: 'See a vet within a day.' });
  const ringing = await talk('cy@example.com', 4, 'video');
  for (const outcome of ['declined', 'notanswered', 'accepted']) {
    const sid = await talk('cy@example.com', 4, 'video');
    expect((await h.post('/api/v2/demo/video-call-action', { room_sid: sid, status: outcome })).status).toBe(200);
  }
  const completed = await talk('priya@example.com', 6, 'video');
  await h.ctl.post(`/consultations/${completed}/outcome`, { status: 'accepted' });
  await h.ctl.post(`/consultations/${completed}/end`);
  await h.ctl.put(`/consultations/${completed}/feedback`, { recommendation: 'emergency', reason: 'Go now.' });
  expect((await h.post('/api/v2/demo/actions', { email: 'cy@example.com', status: 'cancelled' })).status).toBe(200);
  expect((await h.post('/api/v2/demo/delete-user', { email: 'cy@example.com', app_id: 1 })).status).toBe(200);
  await h.registerUser({ first_name: 'Cy2', email: 'cy@example.com' });
  await h.ctl.put('/faults', [{ endpoint: 'A1', status: 503, message: 'down', count: 2 }]);
  await h.ctl.put('/autopilot', { seed: 7, rules: [{ match: { type: 'video' }, steps: [{ after: '30s', do: 'accept' }] }] });
  return { waiting, active, ended, ringing, completed };
}

/** Twenty partner reads of both families, their status and body. */
async function reads(h: Harness, sids: Record<string, string>) {
  const out: unknown[] = [];
  const keep = (r: { status: number; text: string }) => out.push([r.status, r.text]);
  for (const email of ['ann@example.com', 'bo@example.com', 'cy@example.com', 'priya@example.com', 'raj@example.com'])
    keep(await h.get(`/api/v2/demo/pet/list?email=${email}`));
  keep(await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=true&perPage=1&page=2'));
  keep(await h.post('/api/v2/demo/report/webappuser/profile', {}));
  keep(await h.post('/api/v2/demo/report/webappuser/profile', { search_value: 'bo' }));
  keep(await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: sids.ended }));
  keep(await h.post('/api/v2/demo/feedback', { type: 'video', room_sid: sids.completed }));
  keep(await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: sids.waiting }));
  for (const email of ['priya@example.com', 'raj@example.com']) keep(await h.http.get(`/client/user/1/v2/pet/list?email=${email}`));
  keep(await h.http.post('/client/user/1/v2/report/user/list').send({}));
  keep(await h.http.post('/client/user/1/v2/report/user/list').send({ page: 1, perPage: 1 }));
  keep(await h.http.post('/client/user/1/v2/report/payment/list').send({}));
  keep(await h.http.get('/client/user/1/v2/vet/feedbacks'));
  keep(await h.http.get('/client/user/demo/v2/vet/feedbacks'));
  keep(await h.http.post('/client/user/1/v2/report/payment/list').send({ export: 'csv' }));
  keep(await h.post('/api/v2/demo/report/webappuser/profile', { search_value: 'cy' }));
  expect(out).toHaveLength(20);
  return out;
}

const saved = async (h: Harness) => {
  const r = await h.ctl.get('/scenario?secrets=include');
  expect(r.status).toBe(200);
  return r.text;
};

beforeAll(async () => {
  a = await makeSim();
  b = await makeSim();
});
afterAll(() => closeAll(a, b));

describe('scenario round trip', () => {
  it('load → save → load → save gives identical bytes, and 20 reads of both families answer the same', async () => {
    const sids = await buildWorld(a);
    const before = await reads(a, sids);
    const first = await saved(a);
    const doc = JSON.parse(first);
    expect(new Set(doc.consultations.map((c: { status: string }) => c.status))).toEqual(new Set(['waiting', 'active', 'ended', 'ringing', 'declined', 'notanswered', 'accepted', 'completed']));
    expect(new Set(doc.users.map((u: { family?: string }) => u.family ?? 'application'))).toEqual(new Set(['application', 'client']));
    const load1 = await b.ctl.put('/scenario', doc);
    expect(load1.status, JSON.stringify(load1.body)).toBe(200);
    const second = await saved(b);
    expect(second).toBe(first);
    expect((await b.ctl.put('/scenario', JSON.parse(second))).status).toBe(200);
    expect(await saved(b)).toBe(second);
    // Loaded over a world that had data: the same row ids again, so the same answers.
    expect(await reads(b, sids)).toEqual(before);
    // Without secrets the file holds none, and a load draws new ones: the rest reads the same.
    const lean = (await a.ctl.get('/scenario')).body;
    expect(JSON.stringify(lean)).not.toMatch(/demo-secret|password_hash/);
  }, 60_000);
});
