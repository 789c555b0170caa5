// One unit of work per use case (behaviour §13): a refused or failing request leaves no trace in the
// data, in the reports' in-memory index or on the event stream; a successful one is one logged
// transaction; the identity a registration issues is the one A9 refreshes (§9).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import type { StateEvent } from '../../src-shared/control';
import { CLIENT_REGISTRATION, makeSim, type Harness } from '../helpers';

const C = '/client/user/1/v2';
const { first_name: _f, last_name: _l, ...TALK } = { ...CLIENT_REGISTRATION, email: 'new@example.com', breed: 'Bengal' };

let h: Harness;
let dataDir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await h.sim.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** Everything a partner or a tester could see of the app's data. */
async function visibleState() {
  const b5 = await h.http.post(`${C}/report/user/list`).send({});
  const a6 = await h.post('/api/v2/demo/report/webappuser/profile', {});
  return {
    users: (await h.ctl.get('/users')).body.total,
    pets: (await h.ctl.get('/pets')).body.total,
    payments: (await h.ctl.get('/payments')).body.total,
    consultations: (await h.ctl.get('/consultations')).body.total,
    b5Total: b5.body.data.pagination.total,
    b5Emails: b5.body.data.list.map((u: { email: string }) => u.email),
    a6Emails: a6.body.data.map((u: { email: string }) => u.email),
  };
}

function stateEvents() {
  const seen: StateEvent[] = [];
  h.sim.ctx.events.on('state', (e) => seen.push(e));
  return seen;
}

/** Makes the one write whose SQL starts with `prefix` fail, as a full disk or a broken row would. */
function failWrite(prefix: string) {
  const db = h.sim.ctx.db;
  const run = db.run.bind(db);
  vi.spyOn(db, 'run').mockImplementation((sql, params) => {
    if (sql.startsWith(prefix)) throw new Error(`simulated failure of: ${prefix}`);
    return run(sql, params);
  });
}

describe('a refused request leaves no trace', () => {
  it('B10 with every vet offline answers 503 and creates no user, pet, payment, status or event; a declined card likewise (402)', async () => {
    h = await makeSim();
    await h.registerClient({ email: 'known@example.com' });
    const before = await visibleState();
    for (const id of ['vet_1', 'vet_2', 'vet_3']) await h.ctl.patch(`/vets/${id}`, { online: false });
    const events = stateEvents();

    const r = await h.http.post(`${C}/talk-to-vet`).send(TALK);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ success: false, status_code: 503, message: ['No vet is available right now.'], data: [] });
    expect((await h.ctl.get('/users?q=new@example.com')).body.total).toBe(0);
    expect((await h.ctl.get('/payments?q=new@example.com')).body.total).toBe(0);
    expect(await visibleState()).toEqual(before);
    expect(events).toEqual([]);

    for (const id of ['vet_1', 'vet_2', 'vet_3']) await h.ctl.patch(`/vets/${id}`, { online: true });
    events.length = 0;
    const declined = await h.http.post(`${C}/talk-to-vet`).send({ ...TALK, number: '4000000000000002' });
    expect(declined.body).toEqual({ success: false, status_code: 402, message: ['Your card was declined.'], data: [] });
    expect(await visibleState()).toEqual(before);
    expect(events).toEqual([]);

    // The same request succeeds once a vet is online: the refusal was the only thing in the way.
    const ok = await h.http.post(`${C}/talk-to-vet`).send(TALK);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await visibleState()).b5Total).toBe(before.b5Total + 1);
  });
});

describe('a use case that fails after its first write is rolled back whole', () => {
  it('B10: the chat cannot be stored → 500, and the user, pet, payment it had written are gone; no event, B5 unchanged', async () => {
    h = await makeSim();
    await h.registerClient();
    const before = await visibleState(); // builds the reports' index, which events keep current
    const events = stateEvents();
    failWrite('INSERT INTO consultations');

    const r = await h.http.post(`${C}/talk-to-vet`).send(TALK);
    expect(r.body).toEqual({ success: false, status_code: 500, message: ['Server Error'], data: [] });
    vi.restoreAllMocks();
    expect(await visibleState()).toEqual(before);
    expect(events).toEqual([]);
    // The e-mail is still free: the user really does not exist.
    expect((await h.http.post(`${C}/talk-to-vet`).send(TALK)).status).toBe(200);
  });
  it('A7: its last write (the pet made the default) fails → 500, and the user and its pet are gone; no event, A6 and B5 unchanged', async () => {
    h = await makeSim();
    await h.registerUser({ email: 'first@example.com' });
    const before = await visibleState();
    const events = stateEvents();
    // The identity's sid goes in with the user row (issue 30); the default pet is the write after the pet's.
    failWrite('UPDATE users SET default_pet_id');

    const body = { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios', name: 'Rex', age: '2 years', sex: 'male' };
    const r = await h.post('/api/v2/demo/register-user', body);
    expect(r.status).toBe(500);
    vi.restoreAllMocks();
    expect(await visibleState()).toEqual(before);
    expect(events).toEqual([]);
    expect((await h.post('/api/v2/demo/register-user', body)).status).toBe(200);
  });
});

describe('a token signer that cannot load writes nothing (issue 29: EMFILE while loading jose)', () => {
  it('A7, B9, A8 and B10 answer 500 and store no user, pet, payment or consultation; the next call, with the signer back, succeeds', async () => {
    h = await makeSim();
    await h.registerUser({ email: 'first@example.com' });
    const pet = await h.addPet('first@example.com');
    const before = await visibleState();
    const events = stateEvents();
    const ready = vi.spyOn(h.sim.services.tokens, 'ready').mockRejectedValue(Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' }));
    const a7 = { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios', name: 'Rex', age: '2 years', sex: 'male' };
    const calls = [
      () => h.post('/api/v2/demo/register-user', a7),
      () => h.http.post(`${C}/register-user`).send({ ...CLIENT_REGISTRATION, email: 'b9@example.com' }),
      () => h.post('/api/v2/demo/talk-to-vet', { email: 'first@example.com', conversation_request: 'chat', pet_id: pet.id }),
      () => h.http.post(`${C}/talk-to-vet`).send(TALK),
    ];
    for (const call of calls) {
      const r = await call();
      expect(r.body).toEqual({ success: false, status_code: 500, message: ['Server Error'], data: [] });
    }
    expect(ready).toHaveBeenCalledTimes(4);
    vi.restoreAllMocks();
    expect(await visibleState()).toEqual(before);
    expect(events).toEqual([]);
    for (const call of calls) expect((await call()).status).toBe(200);
  });
});

describe('identity: one owner for A7, A8, B9, B10', () => {
  it("the identity in B9's token refreshes on A9 (200), as do B10's and A7's; every registration has a US sid", async () => {
    h = await makeSim();
    const b9 = await h.registerClient();
    expect(b9.status, JSON.stringify(b9.body)).toBe(200);
    const b9Tokens = JSON.parse(b9.body.data.stringify_response);
    const identity = decodeJwt(b9Tokens.rtcToken).sub!;
    expect(identity).toBe(`demo-user-${b9Tokens.user.id}`);
    expect(decodeJwt(b9Tokens.token).sub).toBe(String(b9Tokens.user.id));

    const refreshed = await h.get('/api/v2/demo/refresh').send({ identity, dev_type: 'ios' });
    expect(refreshed.body).toMatchObject({ success: true, status_code: 200, message: ['User token'] });
    expect(decodeJwt(refreshed.body.data.rtcToken).sub).toBe(identity);

    const b10 = JSON.parse((await h.http.post(`${C}/talk-to-vet`).send(TALK)).body.data.stringify_response);
    const b10Identity = decodeJwt(b10.rtcToken).sub!;
    expect(b10Identity).toBe(`demo-user-${b10.user.id}`);
    expect((await h.get('/api/v2/demo/refresh').send({ identity: b10Identity, dev_type: 'ios' })).status).toBe(200);

    const a7 = await h.registerUser();
    expect((await h.get('/api/v2/demo/refresh').send({ identity: `demo-user-${a7.id}`, dev_type: 'ios' })).status).toBe(200);

    for (const u of (await h.ctl.get('/users')).body.items) {
      const detail = (await h.ctl.get(`/users/${u.id}`)).body.user;
      expect(detail.rtc_user_sid, detail.email).toMatch(/^US[0-9a-f]{32}$/);
    }
  });
});

describe('one transaction per use case', () => {
  it('each successful write request appends exactly one entry to the durable log; a refused one appends none', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vcs-uow-'));
    h = await makeSim({ inMemory: false, dataDir, checkpointIntervalMs: 3_600_000 });
    const log = join(dataDir, 'simulator.sqlite-oplog');
    const entries = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    const appended = async (request: () => PromiseLike<{ status: number; body: unknown }>, status = 200) => {
      const n = entries();
      const r = await request();
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      return entries() - n;
    };

    const a7 = { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios', name: 'Rex', age: '2 years', sex: 'male' };
    expect(await appended(() => h.post('/api/v2/demo/register-user', a7))).toBe(1);
    expect(await appended(() => h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 }))).toBe(1);
    expect(await appended(() => h.registerClient())).toBe(1);
    expect(await appended(() => h.http.post(`${C}/talk-to-vet`).send(TALK))).toBe(1);
    expect(await appended(() => h.post('/api/v2/demo/register-user', a7), 422)).toBe(0);
    expect(await appended(() => h.http.post(`${C}/talk-to-vet`).send(TALK))).toBe(1); // a known user: no second registration
  });
  it('every other write of both families and of the vet is one transaction too', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vcs-uow-'));
    h = await makeSim({ inMemory: false, dataDir, checkpointIntervalMs: 3_600_000 });
    const log = join(dataDir, 'simulator.sqlite-oplog');
    const entries = () => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    const one = async (what: string, request: () => PromiseLike<{ status: number; body: unknown }>) => {
      const n = entries();
      const r = await request();
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(entries() - n, what).toBe(1);
      return r.body as { data: Record<string, unknown> };
    };
    const ann = 'ann@example.com';
    await one('A7', () => h.post('/api/v2/demo/register-user', { first_name: 'Ann', email: ann, role: 'users', dev_type: 'ios' }));
    await one('A2', () => h.post('/api/v2/demo/pet/add', { email: ann, name: 'Rex', age: '2 years', sex: 'male' }));
    await one('B1', () => h.http.post(`${C}/pet/add`).send({ email: ann, name: 'Tom', age: '1 years', sex: 'male' }));
    await one('A3', () => h.post('/api/v2/demo/pet/update', { email: ann, pet_id: 1, pet: { color: 'red' } }));
    await one('B2', () => h.http.post(`${C}/pet/update`).send({ email: ann, pet_id: 1, pet: { color: 'blue' } }));
    await one('B8', () => h.http.post(`${C}/pet/switch?email=${ann}&pet_id=2`));
    await one('A4', () => h.post('/api/v2/demo/pet/remove', { email: ann, pet_id: 2 }));
    const chat = (await one('A8 chat', () => h.post('/api/v2/demo/talk-to-vet', { email: ann, conversation_request: 'chat', pet_id: 1 }))).data.channel as string;
    await one('vet accepts', () => h.ctl.post(`/consultations/${chat}/accept`));
    await one('vet writes feedback', () => h.ctl.put(`/consultations/${chat}/feedback`, { recommendation: 'Urgent', reason: 'limping' }));
    await one('A10', () => h.post('/api/v2/demo/end', { channel_sid: chat }));
    const room = (await one('A8 video', () => h.post('/api/v2/demo/talk-to-vet', { email: ann, conversation_request: 'video', pet_id: 1 }))).data.channel as string;
    await one('A14', () => h.post('/api/v2/demo/video-call-action', { room_sid: room, status: 'accepted' }));
    await one('vet ends the call', () => h.ctl.post(`/consultations/${room}/end`));
    const room2 = (await one('A8 video', () => h.post('/api/v2/demo/talk-to-vet', { email: ann, conversation_request: 'video', pet_id: 1 }))).data.channel as string;
    await one('vet outcome', () => h.ctl.post(`/consultations/${room2}/outcome`, { status: 'declined' }));
    await one('vet goes offline', () => h.ctl.patch('/vets/vet_3', { online: false }));
    await one('A12', () => h.post('/api/v2/demo/actions', { email: ann, status: 'cancelled' }));
    await one('B11', () => h.http.post(`${C}/actions`).send({ api_key: 'demo-api-key', email: ann, status: 'subscribed' }));
    await one('A13', () => h.post('/api/v2/demo/delete-user', { email: ann, app_id: 1 }));
  });
});
