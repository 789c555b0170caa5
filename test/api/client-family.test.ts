// Client family B1–B11: shapes, rules, payments with test cards, reports with pagination and CSV.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_REGISTRATION, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());
const C = '/client/user/1/v2';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe('B9 register-user', () => {
  it('creates user, pet and payment; answers stringify_response with token, rtcToken and the client-family user', async () => {
    const r = await h.registerClient();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toEqual(['User Created Successfully']);
    expect(Object.keys(r.body.data)).toEqual(['stringify_response']);
    const inner = JSON.parse(r.body.data.stringify_response);
    expect(inner.token.split('.')).toHaveLength(3);
    expect(inner.rtcToken.split('.')).toHaveLength(3);
    const u = inner.user;
    for (const k of ['id', 'email', 'email_verified_at', 'app_id', 'first_name', 'last_name', 'is_online', 'status', 'extra', 'is_senior_program_user', 'next_emergency_activation_date', 'pet_tracking_code', 'created_at', 'updated_at', 'deleted_at', 'is_deleted_by', 'role_names', 'app', 'notesEmergency', 'emergency', 'default_pet', 'devices', 'user_details', 'user_app_statuses', 'roles'])
      expect(u, k).toHaveProperty(k);
    expect(u).toMatchObject({ email: 'priya@example.com', first_name: 'Priya', status: 'subscribed', role_names: ['users'], app: ['Demo Partner'], email_verified_at: null });
    expect(JSON.stringify(u)).not.toMatch(/password|s3cret/);
    expect(u.default_pet).toHaveLength(1);
    expect(u.default_pet[0]).toMatchObject({ name: 'Chai', species: 'cat', age: '4 years', is_dead: '0', model_id: u.id, model_type: 'App\\Models\\VetCareUser', pivot: { vet_care_user_id: u.id, pet_id: u.default_pet[0].id } });
    expect(u.default_pet[0]).not.toHaveProperty('app_id');
    expect(u.devices[0]).toMatchObject({ rec_id: u.devices[0].id, device_token: 'tok-1', dev_type: 'ios', model_id: u.id });
    expect(u.user_details).toMatchObject({ vet_care_user_id: u.id, other: { zip_code: '10115', phone_no: null } });
    expect(u.user_app_statuses[0]).toMatchObject({ status: 'subscribed', type: 'monthly' });
    expect(u.roles[0]).toMatchObject({ id: 1, name: 'users', guard_name: 'web', pivot: { model_id: u.id, role_id: 1, model_type: 'App\\Models\\VetCareUser' } });
    const pay = await h.http.post(`${C}/report/payment/list`).send({});
    expect(pay.body.data).toHaveLength(1);
    expect(pay.body.data[0]).toEqual({
      payment_id: 1, amount: '9.99', user_id: u.id, status: 'succeeded', email: 'priya@example.com', first_name: 'Priya', last_name: 'Nair',
      next_emergency_activation_date: null, payment_initiated_time: expect.stringMatching(ISO), role: 'users', package_name: 'Vet Chat Monthly', package_type: 'monthly',
    });
  });
  it('add-on price is added when is_addOn is true', async () => {
    await h.registerClient({ is_addOn: 'true', price: '10.00' });
    expect((await h.http.post(`${C}/report/payment/list`).send({})).body.data[0].amount).toBe('14.99');
  });
  it('every rule of the table, with exact messages', async () => {
    const r = await h.http.post(`${C}/register-user`).send({ api_key: 'demo-api-key', first_name: 'Bad~', status: 'active', type: 'weekly', species: 'fish', email: 'x' });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(expect.arrayContaining([
      'The first name format is invalid.', 'The last name field is required.', 'The email must be a valid email address.', 'The password field is required.',
      'The selected status is invalid.', 'The selected type is invalid.', 'The selected species is invalid.', 'The number field is required.', 'The is add on field is required.',
      'The add on package id field is required.', 'The device token field is required.',
    ]));
    const card = await h.registerClient({ number: '4242424242424241', exp_month: '13', cvc: '12', package_id: '99' });
    expect(card.body.message).toEqual(['The number is not a valid card number.', 'The exp month must be between 1 and 12.', 'The cvc must be between 3 and 4 digits.', 'The selected package id is invalid.']);
    const expired = await h.registerClient({ exp_year: '2020' });
    expect(expired.body.message).toEqual(['The card has expired.']);
    await h.registerClient();
    expect((await h.registerClient()).body.message).toEqual(['The email has already been taken.']);
  });
  it('a card that expires this month works until the simulator clock passes it', async () => {
    const now = new Date();
    const body = { exp_month: String(now.getUTCMonth() + 1), exp_year: String(now.getUTCFullYear()) };
    expect((await h.registerClient(body)).status).toBe(200);
    await h.ctl.post('/clock', { advance_seconds: 40 * 86400 });
    expect((await h.registerClient({ ...body, email: 'late@example.com' })).body.message).toEqual(['The card has expired.']);
  });
});

describe('B1–B4, B8 pets on the shared services with the client shape', () => {
  beforeEach(async () => void (await h.registerClient()));
  it('B1 add, B2 update (answers like B1), B4 list, B3 remove, B8 switch with sync semantics', async () => {
    const add = await h.http.post(`${C}/pet/add`).send({ email: 'priya@example.com', name: 'Bo', age: '1 years 2 months', sex: 'male', species: 'DOG', weight: '7 lbs' });
    expect(add.body.message).toEqual(['Pet Added']);
    expect(add.body.data.pet).toMatchObject({ id: 2, name: 'Bo', species: 'dog', weight: '7 lbs', is_dead: '0', model_type: 'App\\Models\\VetCareUser' });
    expect(add.body.data.pet).not.toHaveProperty('app_id');
    expect(add.body.data.pet.pivot).toBeUndefined();
    const upd = await h.http.post(`${C}/pet/update`).send({ email: 'priya@example.com', pet_id: 2, pet: { species: 'cat', name: 'Boo' } });
    expect(upd.body.message).toEqual(['Pet Added']);
    expect(Object.keys(upd.body.data)).toEqual(['email', 'pet']);
    expect(upd.body.data.pet).toMatchObject({ name: 'Boo', species: 'cat' });
    const sw = await h.http.post(`${C}/pet/switch?email=priya@example.com&pet_id=2`);
    expect(sw.body).toEqual({ success: true, status_code: 200, message: ['Pet Switched Successfully'], data: { attached: [2], detached: [1], updated: [] } });
    expect((await h.http.post(`${C}/pet/switch?email=priya@example.com&pet_id=2`)).body.data).toEqual({ attached: [], detached: [], updated: [] });
    const list = await h.http.get(`${C}/pet/list?email=priya@example.com`);
    expect(list.body.data.list.find((p: { id: number }) => p.id === 2).pivot).toEqual({ vet_care_user_id: 1, pet_id: 2 });
    expect((await h.http.post(`${C}/pet/remove`).send({ email: 'priya@example.com', pet_id: 2 })).body.data).toBe(true);
    expect((await h.http.get(`${C}/pet/list?email=priya@example.com`)).body.data.list.map((p: { id: number }) => p.id)).toEqual([1]);
    expect((await h.http.post(`${C}/pet/switch?email=priya@example.com`)).body.message).toEqual(['The pet id field is required.']);
    expect((await h.http.post(`${C}/pet/switch?email=priya@example.com&pet_id=2`)).body.message).toEqual(['Pet Not Found']);
  });
});

describe('B10 talk-to-vet and B11 actions', () => {
  it('B10 registers an unknown user as B9 would and opens a chat the vet sees; first_name without _', async () => {
    const { first_name: _f, last_name: _l, ...rest } = CLIENT_REGISTRATION;
    const missingBreed = await h.http.post(`${C}/talk-to-vet`).send({ ...rest, email: 'new@example.com' });
    expect(missingBreed.body.message).toEqual(['The breed field is required.']);
    expect((await h.http.post(`${C}/talk-to-vet`).send({ ...rest, breed: 'x', first_name: 'a_b' })).body.message).toEqual(['The first name format is invalid.']);
    const r = await h.http.post(`${C}/talk-to-vet`).send({ ...rest, email: 'new@example.com', breed: 'Bengal', end_chat_details: 'n/a' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toEqual(['User Found Successfully']);
    const inner = JSON.parse(r.body.data.stringify_response);
    expect(inner).toHaveProperty('token');
    expect(inner).toHaveProperty('rtcToken');
    expect(inner.user.email).toBe('new@example.com');
    const queue = await h.ctl.get('/consultations?status=waiting');
    expect(queue.body.items).toHaveLength(1);
    expect(queue.body.items[0]).toMatchObject({ type: 'chat', family: 'client', user: { email: 'new@example.com' }, pet: { name: 'Chai' } });
    expect((await h.ctl.get('/payments')).body.total).toBe(1);
    const again = await h.http.post(`${C}/talk-to-vet`).send({ ...rest, email: 'new@example.com', breed: 'Bengal' });
    expect(again.status).toBe(200);
    expect((await h.ctl.get('/payments')).body.total).toBe(1); // an existing user is not charged again
  });
  it('B11 answers {email, registration, status, role} and applies the role rule', async () => {
    await h.registerClient();
    const r = await h.http.post(`${C}/actions`).send({ api_key: 'demo-api-key', email: 'priya@example.com', status: 'upgrade', role: 'protect_users' });
    expect(r.body).toEqual({ success: true, status_code: 200, message: ['User action successful'], data: { email: 'priya@example.com', registration: expect.stringMatching(ISO), status: 'upgrade', role: 'protect_users' } });
    expect((await h.http.post(`${C}/actions`).send({ api_key: 'demo-api-key', email: 'priya@example.com', status: 'subscribed', role: 'users' })).status).toBe(409);
    expect((await h.http.post(`${C}/actions`).send({ api_key: 'nope', email: 'priya@example.com', status: 'upgrade' })).status).toBe(401);
    expect((await h.http.post(`${C}/actions`).send({ api_key: 'demo-api-key', email: 'ghost@example.com', status: 'upgrade' })).body.message).toEqual(['User Not Found']);
  });
});

describe('B5 report/user/list pagination', () => {
  const list = (body: object = {}) => h.http.post(`${C}/report/user/list`).send(body);
  it('empty result', async () => {
    const r = await list();
    expect(r.body.message).toEqual(['User Record Fetched Successfully.']);
    expect(r.body.data).toEqual({ list: [], pagination: { total: 0, current: 1, first: 1, last: 1, previous: 1, next: 1, pages: [1], from: 0, to: 0 } });
  });
  it('rows exactly as specified; exactly one page; last page; past the end; user_id; search; dates', async () => {
    for (let i = 0; i < 10; i++) await h.registerClient({ email: `u${i}@example.com`, first_name: `User${i}` });
    const one = await list();
    expect(one.body.data.pagination).toEqual({ total: 10, current: 1, first: 1, last: 1, previous: 1, next: 1, pages: [1], from: 1, to: 10 });
    const row = one.body.data.list[0];
    expect(row).toEqual({
      user_id: 1, email: 'u0@example.com', first_name: 'User0', last_name: 'Nair', user_details: { zip_code: '10115', phone_no: null }, extra: null,
      package_name: 'Vet Chat Monthly', package_type: 'monthly', role: 'users', default_pet: expect.objectContaining({ name: 'Chai', model_id: 1 }),
      all_pets: [expect.objectContaining({ name: 'Chai' })], usage_subscription: [], user_subscription_status: 'subscribed', joining_date: expect.stringMatching(ISO),
    });
    for (let i = 10; i < 25; i++) await h.registerClient({ email: `u${i}@example.com` });
    const last = await list({ page: 3 });
    expect(last.body.data.list).toHaveLength(5);
    expect(last.body.data.pagination).toEqual({ total: 25, current: 3, first: 1, last: 3, previous: 2, next: 3, pages: [1, 2, 3], from: 21, to: 25 });
    const past = await list({ page: 9 });
    expect(past.body.data.list).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({ total: 25, current: 9, last: 3, from: 0, to: 0, next: 3, previous: 8 });
    const small = await list({ pagination: 4, page: 2 });
    expect(small.body.data.list.map((r: { user_id: number }) => r.user_id)).toEqual([5, 6, 7, 8]);
    expect(small.body.data.pagination.pages).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await list({ user_id: 7 })).body.data.list.map((r: { user_id: number }) => r.user_id)).toEqual([7]);
    expect((await list({ search_value: 'user3' })).body.data.pagination.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ date_from: today, date_to: today })).body.data.pagination.total).toBe(25);
    expect((await list({ page: 'x' })).body.message).toEqual(['The page must be an integer.']);
  });
  it('10,000 users page correctly and page 1 is the same every time', async () => {
    const app = h.sim.services.apps.byId(1)!;
    h.sim.ctx.db.tx(() => {
      for (let i = 0; i < 10_000; i++)
        h.sim.services.users.insert(app, { family: 'client', email: `bulk${i}@example.com`, first_name: `Bulk${i}`, role: 'users', status: 'subscribed' });
    });
    const a = await list({ pagination: 50 });
    const b = await list({ pagination: 50 });
    expect(a.body.data.list.map((r: { user_id: number }) => r.user_id)).toEqual(b.body.data.list.map((r: { user_id: number }) => r.user_id));
    expect(a.body.data.pagination).toMatchObject({ total: 10_000, last: 200, from: 1, to: 50, pages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    const near = await list({ pagination: 50, page: 199 });
    expect(near.body.data.list[0].user_id).toBe(9901);
    expect(near.body.data.pagination).toMatchObject({ current: 199, previous: 198, next: 200, pages: [191, 192, 193, 194, 195, 196, 197, 198, 199, 200], from: 9901, to: 9950 });
  }, 60_000);
});

describe('B6 payment/list and B7 vet/feedbacks', () => {
  it('B6 filters and CSV export', async () => {
    await h.registerClient({ email: 'a@example.com', first_name: 'Alma' });
    await h.registerClient({ email: 'b@example.com', first_name: 'Bert', package_id: '2', type: 'yearly', price: '99.00' });
    const p = (body: object) => h.http.post(`${C}/report/payment/list`).send(body);
    expect((await p({ search_value: 'bert' })).body.data.map((r: { email: string }) => r.email)).toEqual(['b@example.com']);
    expect((await p({ search_value: 'Yearly', search_by: 'package_name' })).body.data).toHaveLength(1);
    expect((await p({ status: 'failed' })).body.data).toEqual([]);
    expect((await p({ pagination: true, perPage: 1, page: 2 })).body.data).toHaveLength(1);
    expect((await p({ app_id: 2 })).body.data).toEqual([]);
    const csv = await p({ export: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="?payments-demo-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('payment_id,amount,user_id,status,email,first_name,last_name,next_emergency_activation_date,payment_initiated_time,role,package_name,package_type');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2,99\.00,2,succeeded,b@example\.com,Bert,Nair,,\d{4}-.+Z,users,Vet Chat Yearly,yearly$/);
    expect((await p({ export: 'pdf' })).body.message).toEqual(['The selected export is invalid.']);
  });
  it('B7 lists feedback (GET with a JSON body) with search over vets and users, and pagination', async () => {
    await h.registerClient();
    const { first_name: _f, ...rest } = CLIENT_REGISTRATION;
    const chat = await h.http.post(`${C}/talk-to-vet`).send({ ...rest, breed: 'x' });
    expect(chat.status).toBe(200);
    const sid = (await h.ctl.get('/consultations')).body.items[0].sid;
    await h.ctl.post(`/consultations/${sid}/accept`);
    await h.ctl.put(`/consultations/${sid}/feedback`, { recommendation: 'urgent', reason: 'Vomiting' });
    const r = await h.http.get(`${C}/vet/feedbacks`).send({});
    expect(r.body.message).toEqual(['Record Fetched Successfully .']);
    expect(r.body.data[0]).toEqual({
      id: 1, app_id: 1, app_name: 'Demo Partner', type: 'chat', recommendation: 'urgent', reason: 'Vomiting', feedback_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      vet_id: 'vet_1', vet_first_name: 'Ada', vet_last_name: 'Moreno', vet_email: 'ada.moreno@vets.example', user_id: 1, user_first_name: 'Priya',
      user_last_name: 'Nair', user_email: 'priya@example.com', user_role: 'users',
    });
    expect((await h.http.get(`${C}/vet/feedbacks`).send({ search_value: 'moreno' })).body.data).toHaveLength(1);
    expect((await h.http.get(`${C}/vet/feedbacks`).send({ search_value: 'moreno', search_by: 'user' })).body.data).toHaveLength(0);
    expect((await h.http.get(`${C}/vet/feedbacks`).send({ search_value: 'priya' })).body.data).toHaveLength(1);
    expect((await h.http.get(`${C}/vet/feedbacks`).send({ pagination: true, page: 2 })).body.data).toHaveLength(0);
  });
});
