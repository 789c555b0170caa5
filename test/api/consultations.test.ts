// Consultations from both sides: partner (A8–A11, A14) and vet (control API), tokens, feedback, emergency.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt, jwtVerify } from 'jose';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

async function start(type: 'chat' | 'video', extra: object = {}) {
  const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: type, pet_id: 1, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { channel: string; vet: { id: string; username: string; profile_image: null }; identity: string; stringify_response: string };
}
const secret = () => h.sim.services.tokens.secret();

describe('A8 talk-to-vet', () => {
  beforeEach(async () => {
    await h.registerUser({ role: 'protect_users', emergency_fund: 100 });
    await h.addPet();
  });
  it('opens a chat channel with a vet, a stable identity and stringify_response', async () => {
    const d = await start('chat', { dev_type: 'ios', device_token: 'abc', location_email: 'clinic@example.com' });
    expect(d.channel).toMatch(/^CH[0-9a-f]{32}$/);
    expect(d.vet).toEqual({ id: 'vet_1', username: 'dr.ada', profile_image: null });
    expect(d.identity).toBe('demo-user-1');
    const inner = JSON.parse(d.stringify_response);
    expect(Object.keys(inner).sort()).toEqual(['emergency_stats', 'rtcToken', 'user']);
    expect(inner.user.emergency_lastest_protect).toMatchObject({ user_id: 'demo-user-1', vet_id: 'vet_1', type: 'chat', protected: 1, db_user_id: 1 });
    expect(inner.user.email).toBe('ann@example.com');
    expect(inner.emergency_stats.user_type).toBe('protect_users');
    const again = await start('video');
    expect(again.identity).toBe('demo-user-1');
    expect(again.channel).toMatch(/^RM[0-9a-f]{32}$/);
  });
  it('rtcToken is an HS256 JWT with iss, sub, grants and exp = iat + 1h on the simulator clock', async () => {
    await h.ctl.post('/clock', { advance_seconds: 86400 * 3 });
    const d = await start('chat');
    const token = JSON.parse(d.stringify_response).rtcToken as string;
    const now = Date.now() + 86400 * 3 * 1000;
    const { payload, protectedHeader } = await jwtVerify(token, secret(), { issuer: 'demo', currentDate: new Date(now) });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.sub).toBe('demo-user-1');
    expect(payload.grants).toEqual({ chat: { channel_sid: d.channel } });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(Math.abs(payload.iat! * 1000 - now)).toBeLessThan(5000);
    await expect(jwtVerify(token, secret(), { currentDate: new Date(now + 3601 * 1000) })).rejects.toThrow(/exp/);
    await expect(jwtVerify(token, new TextEncoder().encode('another secret of enough length!'), { currentDate: new Date(now) })).rejects.toThrow(/signature/);
  });
  it('doctor_email: chosen when free, skipped when busy or offline; 503 with nobody online', async () => {
    expect((await start('chat', { doctor_email: 'chloe.yilmaz@vets.example' })).vet.id).toBe('vet_3');
    const busy = await start('chat', { doctor_email: 'ben.okafor@vets.example' });
    await h.ctl.post(`/consultations/${busy.channel}/accept`);
    expect((await h.ctl.get('/vets')).body.items.find((v: { id: string }) => v.id === 'vet_2').busy).toBe(true);
    expect((await start('chat', { doctor_email: 'ben.okafor@vets.example' })).vet.id).not.toBe('vet_2');
    await h.ctl.patch('/vets/vet_3', { online: false });
    expect((await start('chat', { doctor_email: 'chloe.yilmaz@vets.example' })).vet.id).toBe('vet_1');
    await h.ctl.patch('/vets/vet_1', { online: false });
    const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    expect(r.status).toBe(503);
  });
  it('needs the user and a pet of that user; validates the body', async () => {
    expect((await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 99 })).body.message).toEqual(['Pet Not Found']);
    expect((await h.post('/api/v2/demo/talk-to-vet', { email: 'bad', conversation_request: 'call', pet_id: 'x' })).body.message)
      .toEqual(['The email must be a valid email address.', 'The selected conversation request is invalid.', 'The pet id must be an integer.']);
  });
});

describe('A9 refresh', () => {
  it('answers a fresh token for a known identity (GET with a JSON body); 404 for an unknown one', async () => {
    await h.registerUser();
    await h.addPet();
    const d = await start('chat');
    await h.ctl.post('/clock', { advance_seconds: 7200 });
    const r = await h.get('/api/v2/demo/refresh').send({ identity: d.identity, dev_type: 'ios' });
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual(['User token']);
    const { payload } = await jwtVerify(r.body.data.rtcToken, secret(), { currentDate: new Date(Date.now() + 7200 * 1000) });
    expect(payload.sub).toBe('demo-user-1');
    expect((await h.get('/api/v2/demo/refresh').send({ identity: 'demo-user-77', dev_type: 'ios' })).body.message).toEqual(['Identity Not Found']);
    expect((await h.get('/api/v2/demo/refresh').send({ identity: 'other-user-1', dev_type: 'ios' })).status).toBe(404);
    expect((await h.get('/api/v2/demo/refresh').send({})).body.message).toEqual(['The identity field is required.', 'The dev type field is required.']);
  });
});

describe('chat state machine end to end', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });
  it('partner starts → vet accepts → partner ends → vet writes feedback → partner reads it', async () => {
    const d = await start('chat');
    expect((await h.ctl.get(`/consultations/${d.channel}`)).body.status).toBe('waiting');
    const acc = await h.ctl.post(`/consultations/${d.channel}/accept`);
    expect(acc.body.status).toBe('active');
    expect((await h.ctl.post(`/consultations/${d.channel}/accept`)).body).toEqual({ error: { code: 'conflict', message: 'Chat is active, not waiting.', details: [] } });
    const end = await h.post('/api/v2/demo/end', { channel_sid: d.channel });
    expect(end.body).toEqual({ success: true, status_code: 200, message: ['End chat successful'], data: true });
    expect((await h.ctl.post(`/consultations/${d.channel}/end`)).status).toBe(409);
    const fb = await h.ctl.put(`/consultations/${d.channel}/feedback`, { recommendation: 'Non-urgent', reason: 'Rest and fluids.' });
    expect(fb.status).toBe(200);
    const r = await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: d.channel });
    expect(r.body.message).toEqual(['Vet Feedback']);
    expect(r.body.data).toEqual({ type: 'chat', vet_first_name: 'Ada', vet_last_name: 'Moreno', recommendation: 'non_urgent', reason: 'Rest and fluids.', feedback_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/) });
    await h.ctl.post('/clock', { advance_seconds: 60 });
    await h.ctl.put(`/consultations/${d.channel}/feedback`, { recommendation: 'urgent', reason: 'Changed my mind.', vet_id: 'vet_2' });
    const replaced = (await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: d.channel })).body.data;
    expect(replaced).toMatchObject({ recommendation: 'urgent', reason: 'Changed my mind.', vet_first_name: 'Ben' });
    expect(replaced.feedback_date > r.body.data.feedback_date).toBe(true);
  });
  it('a waiting chat can be ended by the vet; feedback before start is refused; wrong type and unknown sid are 404', async () => {
    const d = await start('chat');
    expect((await h.ctl.put(`/consultations/${d.channel}/feedback`, { recommendation: 'urgent', reason: 'x' })).status).toBe(409);
    expect((await h.ctl.post(`/consultations/${d.channel}/end`)).body.status).toBe('ended');
    expect((await h.post('/api/v2/demo/end', { channel_sid: d.channel })).status).toBe(409);
    await h.ctl.put(`/consultations/${d.channel}/feedback`, { recommendation: 'urgent', reason: 'x' });
    expect((await h.post('/api/v2/demo/feedback', { type: 'video', room_sid: d.channel })).body.message).toEqual(['Room Not Found']);
    expect((await h.post('/api/v2/demo/feedback', { type: 'chat' })).body.message).toEqual(['The channel sid field is required when type is chat.']);
    expect((await h.post('/api/v2/demo/feedback', { type: 'video' })).body.message).toEqual(['The room sid field is required when type is video.']);
    expect((await h.ctl.post('/consultations/CHunknown/accept')).status).toBe(404);
    expect((await h.ctl.put(`/consultations/${d.channel}/feedback`, { recommendation: 'whatever', reason: 'x' })).status).toBe(422);
  });
});

describe('video state machine end to end', () => {
  it('a partner following only the spec runs a full video consultation: A7 → A2 → A8 → A14 → vet ends → feedback → A11', async () => {
    await h.registerUser();
    const pet = await h.addPet();
    const room = (await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'video', pet_id: pet.id })).body.data.channel;
    expect((await h.ctl.get(`/consultations/${room}`)).body.status).toBe('ringing');
    const a14 = await h.post('/api/v2/demo/video-call-action', { room_sid: room, status: 'accepted' });
    expect(a14.body).toEqual({ success: true, status_code: 200, message: ['Video call status updated'], data: true });
    const again = await h.post('/api/v2/demo/video-call-action', { room_sid: room, status: 'declined' });
    expect(again.status).toBe(409);
    expect(again.body.message).toEqual(['Video call outcome already recorded (accepted).']);
    expect((await h.post('/api/v2/demo/end', { channel_sid: room })).body.message).toEqual(['Channel Not Found']);
    expect((await h.ctl.post(`/consultations/${room}/end`)).body.status).toBe('completed');
    await h.ctl.put(`/consultations/${room}/feedback`, { recommendation: 'critical', reason: 'See a clinic today.' });
    const fb = await h.post('/api/v2/demo/feedback', { type: 'video', room_sid: room });
    expect(fb.body.data).toMatchObject({ type: 'video', recommendation: 'critical', reason: 'See a clinic today.' });
  });
  it('vet-side outcomes: declined and notanswered end the call; an outcome twice is 409; only accepted calls can be ended', async () => {
    await h.registerUser();
    await h.addPet();
    const a = await start('video');
    expect((await h.ctl.post(`/consultations/${a.channel}/end`)).body.error.message).toBe('Only an accepted call can be ended; this call is ringing.');
    expect((await h.ctl.post(`/consultations/${a.channel}/outcome`, { status: 'notanswered' })).body.status).toBe('notanswered');
    expect((await h.ctl.post(`/consultations/${a.channel}/outcome`, { status: 'accepted' })).status).toBe(409);
    expect((await h.ctl.post(`/consultations/${a.channel}/outcome`, { status: 'maybe' })).status).toBe(422);
    const c = await start('chat');
    expect((await h.ctl.post(`/consultations/${c.channel}/outcome`, { status: 'accepted' })).body.error.message).toBe('Call outcomes apply to video calls only.');
    expect((await h.post('/api/v2/demo/video-call-action', { room_sid: 'RMnope', status: 'oops' })).body.message).toEqual(['The selected status is invalid.']);
  });
});

describe('emergency activation from feedback', () => {
  it('activates for a user who can (dates set, visible in stats); explains why not otherwise', async () => {
    await h.registerUser({ role: 'protect_users', emergency_fund: 100 });
    await h.addPet();
    const early = await start('chat');
    await h.ctl.post(`/consultations/${early.channel}/accept`);
    const no = await h.ctl.put(`/consultations/${early.channel}/feedback`, { recommendation: 'emergency', reason: 'Poisoning' });
    expect(no.body.feedback.emergency_activated).toBe(0);
    expect(no.body.feedback.emergency_note).toMatch(/^Emergency fund not activated: the trial period is not over \(14 days left/);
    await h.ctl.post('/clock', { advance_seconds: 15 * 86400 });
    const later = await start('chat');
    await h.ctl.post(`/consultations/${later.channel}/accept`);
    const yes = await h.ctl.put(`/consultations/${later.channel}/feedback`, { recommendation: 'Emergency', reason: 'Poisoning' });
    expect(yes.body.feedback.emergency_activated).toBe(1);
    const stats = JSON.parse((await start('video')).stringify_response).emergency_stats;
    expect(stats.last_emergency_activation_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Date.parse(stats.next_emergency_activation_date.replace(' ', 'T') + 'Z') - Date.parse(stats.last_emergency_activation_date.replace(' ', 'T') + 'Z')).toBe(365 * 86400000);
    expect(stats.can_activate_Emergency).toBe(false);
    expect((await h.ctl.get('/users/1')).body.emergency_blockers[0]).toMatch(/^the fund was activated already/);
    const decoded = decodeJwt(JSON.parse((await start('chat')).stringify_response).rtcToken);
    expect(decoded.iss).toBe('demo');
  });
});

describe('state events', () => {
  it('every consultation change is emitted for the UI queue', async () => {
    await h.registerUser();
    await h.addPet();
    const seen: string[] = [];
    h.sim.ctx.events.on('state', (e) => e.entity === 'consultation' && seen.push(e.action));
    const d = await start('chat');
    await h.ctl.post(`/consultations/${d.channel}/accept`);
    await h.ctl.post(`/consultations/${d.channel}/end`);
    expect(seen).toEqual(['created', 'accepted', 'ended']);
  });
});
