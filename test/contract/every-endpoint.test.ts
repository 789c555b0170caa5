// Every one of the 25 operations answers a real success that the contract check (makeSim's agent)
// holds to openapi.json, with stored values filled in so that typed fields are not all null.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src-shared/endpoints';
import { CLIENT_REGISTRATION, DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeAll(async () => (h = await makeSim()));
afterAll(async () => h.sim.close());

it('A1–A14 and B1–B11 each answer 200 with a body valid against the document', async () => {
  const answered = new Map<string, number>();
  const A = '/api/v2/demo';
  const B = '/client/user/1/v2';
  const call = async (id: string, req: PromiseLike<{ status: number; body: any }>) => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const r = await req;
    answered.set(id, r.status);
    expect(r.status, `${id} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body?.data;
  };
  const pet = { name: 'Rex', age: '2 years 3 months', sex: 'male', species: 'Dog', breed: 'Collie', color: 'black', weight: '12 lbs', sex_type: 'neutered', dob: '2022-01-01' };

  await call('A1', h.http.get(`${A}/media-url`));
  const user = (await call('A7', h.post(`${A}/register-user`, { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'protect_users', emergency_fund: 100, dev_type: 'ios', phone_no: '+1 555' }))).user;
  const rex = (await call('A2', h.post(`${A}/pet/add`, { email: user.email, ...pet }))).pet;
  const tom = (await call('B1', h.http.post(`${B}/pet/add`).send({ email: user.email, ...pet, name: 'Tom', species: 'cat' }))).pet;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2f9a8b80000000049454e44ae426082', 'hex');
  const updated = await call('A3', h.http.post(`${A}/pet/update`).set('authorization', DEMO_AUTH)
    .field('email', user.email).field('pet_id', String(rex.id)).field('pet[color]', 'brown').attach('profile', png, { filename: 'rex.png', contentType: 'image/png' }));
  expect(updated.pet.profile).toMatch(/^http:.*\/media\/demo\/pets\//);
  await call('B2', h.http.post(`${B}/pet/update`).send({ email: user.email, pet_id: tom.id, pet: { weight: 9 } }));
  await call('A5', h.http.get(`${A}/pet/list`).set('authorization', DEMO_AUTH).query({ email: user.email }));
  await call('B4', h.http.get(`${B}/pet/list`).query({ email: user.email }));
  await call('B8', h.http.post(`${B}/pet/switch`).query({ email: user.email, pet_id: tom.id }));
  await call('A6', h.post(`${A}/report/webappuser/profile`, {}));

  const chat = await call('A8', h.post(`${A}/talk-to-vet`, { email: user.email, conversation_request: 'chat', pet_id: rex.id, dev_type: 'ios', device_token: 'tok' }));
  await call('A9', h.http.get(`${A}/refresh`).set('authorization', DEMO_AUTH).send({ identity: chat.identity, dev_type: 'ios' }));
  expect((await h.ctl.post(`/consultations/${chat.channel}/accept`)).status).toBe(200);
  await call('A10', h.post(`${A}/end`, { channel_sid: chat.channel }));
  expect((await h.ctl.put(`/consultations/${chat.channel}/feedback`, { recommendation: 'Urgent', reason: 'Limping.' })).status).toBe(200);
  await call('A11', h.post(`${A}/feedback`, { type: 'chat', channel_sid: chat.channel }));
  const video = await call('A8', h.post(`${A}/talk-to-vet`, { email: user.email, conversation_request: 'video', pet_id: rex.id }));
  await call('A14', h.post(`${A}/video-call-action`, { status: 'accepted', room_sid: video.channel }));
  await call('A12', h.post(`${A}/actions`, { email: user.email, status: 'subscribed', type: 'yearly' }));

  await call('B9', h.registerClient());
  await call('B10', h.http.post(`${B}/talk-to-vet`).send({ ...CLIENT_REGISTRATION, email: 'kim@example.com', first_name: 'Kim', last_name: 'Ray', breed: 'Siamese' }));
  await call('B11', h.http.post(`${B}/actions`).send({ api_key: 'demo-api-key', email: CLIENT_REGISTRATION.email, status: 'subscribed' }));
  await call('B5', h.http.post(`${B}/report/user/list`).send({}));
  await call('B6', h.http.post(`${B}/report/payment/list`).send({}));
  await call('B6', h.http.post(`${B}/report/payment/list`).send({ export: 'csv' }));
  await call('B7', h.http.get(`${B}/vet/feedbacks`).send({}));
  await call('B3', h.http.post(`${B}/pet/remove`).send({ email: user.email, pet_id: tom.id }));
  await call('A4', h.post(`${A}/pet/remove`, { email: user.email, pet_id: rex.id }));
  await call('A13', h.post(`${A}/delete-user`, { email: user.email, app_id: 1 }));

  expect([...answered.keys()].sort()).toEqual(ENDPOINTS.map((e) => e.id).sort());
});
