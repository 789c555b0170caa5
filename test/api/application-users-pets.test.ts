// Application family: users and pets (A2–A7, A12, A13) — shapes, rules and the state afterwards.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('A7 register-user', () => {
  it('answers {user, rtcToken, emergency_stats} with every field and type', async () => {
    const r = await h.post('/api/v2/demo/register-user', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', role: 'protect_users', dev_type: 'ios', emergency_fund: '250', phone_no: '+15551234' });
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual(['User registered successfully.']);
    const { user, rtcToken, emergency_stats: es } = r.body.data;
    expect(user).toMatchObject({
      id: 1, app_id: 1, email: 'ann@example.com', dev_type: 'ios', first_name: 'Ann', last_name: 'Lee', phone_no: '+15551234',
      emergency_fund: 250, role: 'protect_users', status: 'subscribed', trial_period: 14, can_use_emergency_funds: false,
      app: ['Demo Partner'], activedays: 0, pets: null, deleted_at: null, next_emergency_activation_date: null,
    });
    expect(user.your_registration_date).toMatch(TS);
    expect(user.created_at).toMatch(TS);
    expect(user.rtc_user_sid).toMatch(/^US[0-9a-f]{32}$/);
    expect(user.user_status).toEqual([{ id: 1, user_id: 1, app_id: 1, status: 'subscribed', type: 'monthly', created_at: user.created_at, updated_at: user.created_at, date_time: user.created_at }]);
    expect(rtcToken.split('.')).toHaveLength(3);
    expect(es).toMatchObject({ user_type: 'protect_users', trial_period_count: 14, remaining_trial_period_days: 14, emergency_fund: 250, can_activate_Emergency: false, last_emergency_activation_date: null, next_emergency_activation_date: null });
    expect(es.trial_period_start_date).toBe(user.your_registration_date);
  });
  it('users get emergency_fund 0 even when one is sent; emergency_fund not needed', async () => {
    const r = await h.post('/api/v2/demo/register-user', { first_name: 'Bo', email: 'bo@example.com', role: 'users', dev_type: 'android', emergency_fund: 99 });
    expect(r.body.data.user.emergency_fund).toBe(0);
    expect(r.body.data.user.last_name).toBe('');
  });
  it('names are plain strings on A7 (no character set stated there): José and 李 register, over 255 characters does not; A12 keeps the character set', async () => {
    const r = await h.post('/api/v2/demo/register-user', { first_name: 'José', last_name: '李', email: 'jose@example.com', role: 'users', dev_type: 'x' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.user).toMatchObject({ first_name: 'José', last_name: '李' });
    const long = await h.post('/api/v2/demo/register-user', { first_name: 'a'.repeat(256), last_name: 7, email: 'long@example.com', role: 'users', dev_type: 'x' });
    expect(long.body).toEqual({ success: false, status_code: 422, message: ['The first name must not be greater than 255 characters.', 'The last name must be a string.'], data: [] });
    // A12 keeps the character set the spec states for it.
    await h.registerUser();
    const ok = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', first_name: "Şükrü O'Brien ığ", last_name: 'Çelik (Jr.)' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const bad = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', first_name: 'Zoë', last_name: 'O-B' });
    expect(bad.body.message).toEqual(['The first name format is invalid.', 'The last name format is invalid.']);
    const users = (await h.ctl.get('/users?q=ann@example.com')).body.items;
    expect(users[0]).toMatchObject({ first_name: "Şükrü O'Brien ığ", last_name: 'Çelik (Jr.)' });
  });
  it('pet details sent at registration create the default pet: user.pets is that Pet, as A2 serializes it, and A5 lists it; without them pets is null', async () => {
    const plain = await h.post('/api/v2/demo/register-user', { first_name: 'Bo', email: 'bo@example.com', role: 'users', dev_type: 'ios' });
    expect(plain.body.data.user.pets).toBeNull();
    expect((await h.ctl.get('/pets')).body.total).toBe(0);
    const r = await h.post('/api/v2/demo/register-user', {
      first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios',
      name: 'Rex', age: '2 years 3 months', sex: 'male', species: 'Dog', breed: 'Collie', color: 'black', weight: '12 lbs', sex_type: 'neutered', dob: '2022-01-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const pet = r.body.data.user.pets;
    expect(pet).toMatchObject({
      id: 1, user_id: 2, app_id: 1, name: 'Rex', age: '2 years 3 months', sex: 'male', species: 'dog', breed: 'Collie', color: 'black',
      weight: '12 lbs', sex_type: 'neutered', dob: '2022-01-01', pivot: { vet_care_user_id: 2, pet_id: 1 }, deleted_at: null,
    });
    const list = await h.get('/api/v2/demo/pet/list?email=ann@example.com');
    expect(list.body.data.list).toEqual([pet]);
    // A second pet added by A2 is no default: the registration's pet stays the one A7 reported.
    await h.addPet('ann@example.com', { name: 'Tom', species: 'cat' });
    const listed = (await h.get('/api/v2/demo/pet/list?email=ann@example.com')).body.data.list;
    expect(listed.map((p: { name: string; pivot?: unknown }) => [p.name, p.pivot !== undefined && p.pivot !== null])).toEqual([['Rex', true], ['Tom', false]]);
  });
  it('partial pet details: name needs age and sex, any pet field needs name (required_with); the pet rules of A2 apply; nothing is written', async () => {
    const base = { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' };
    const named = await h.post('/api/v2/demo/register-user', { ...base, name: 'Rex' });
    expect(named.body).toEqual({
      success: false, status_code: 422, data: [],
      message: ['The age field is required when name is present.', 'The sex field is required when name is present.'],
    });
    const unnamed = await h.post('/api/v2/demo/register-user', { ...base, species: 'dog' });
    expect(unnamed.body.message).toEqual(['The name field is required when age / sex / species / breed / color / weight / sex type / dob is present.']);
    const bad = await h.post('/api/v2/demo/register-user', { ...base, name: 'Rex', age: 'two', sex: 'male', species: 'fish', weight: 'heavy' });
    expect(bad.body.message).toEqual(['The age format is invalid.', 'The selected species is invalid.', 'The weight format is invalid.']);
    expect((await h.ctl.get('/users')).body.total).toBe(0);
    expect((await h.ctl.get('/pets')).body.total).toBe(0);
  });
  it('a trial ends after 14 days of simulator time: remaining 0 and can_activate_Emergency true', async () => {
    await h.registerUser({ role: 'protect_users', emergency_fund: 100 });
    await h.ctl.post('/clock', { advance_seconds: 15 * 86400 });
    await h.addPet();
    const chat = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
    const stats = JSON.parse(chat.body.data.stringify_response).emergency_stats;
    expect(stats.remaining_trial_period_days).toBe(0);
    expect(stats.can_activate_Emergency).toBe(true);
    const detail = await h.ctl.get('/users/1');
    expect(detail.body.emergency_stats.can_activate_Emergency).toBe(true);
    expect(detail.body.emergency_blockers).toEqual([]);
  });
});

describe('A2 pet/add, A5 pet/list, A3 pet/update, A4 pet/remove', () => {
  it('adds a pet with the exact application-family Pet shape; the first pet is the default (pivot)', async () => {
    await h.registerUser();
    const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years 3 months', sex: 'male', species: 'Dog', breed: 'Lab', color: 'black', weight: '12', sex_type: 'neutered', dob: '2024-01-01' });
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual(['Pet Added']);
    const pet = r.body.data.pet;
    expect(r.body.data.email).toBe('ann@example.com');
    expect(pet).toEqual({
      id: 1, user_id: 1, app_id: 1, pet_id: 1, name: 'Rex', species: 'dog', age: '2 years 3 months', breed: 'Lab', color: 'black', weight: '12 lbs',
      sex: 'male', sex_type: 'neutered', dob: '2024-01-01', profile: null, created_at: pet.created_at, updated_at: pet.updated_at, deleted_at: null,
      veterians: null, medicals: null, insurnaces: null, pet_veterians: [], pet_medicals: [], pet_insurnaces: [], pivot: { vet_care_user_id: 1, pet_id: 1 },
    });
    // The order a client sees: the common fields, the default pet's pivot, then the family's own (app_id).
    expect(Object.keys(pet).slice(-3)).toEqual(['pet_insurnaces', 'pivot', 'app_id']);
    const second = await h.addPet('ann@example.com', { name: 'Tom', species: 'cat', weight: '9 lbs' });
    const list = await h.get('/api/v2/demo/pet/list?email=ann@example.com');
    expect(list.body.message).toEqual(['pet list']);
    expect(list.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Tom']);
    expect(list.body.data.list[1].pivot).toBeUndefined();
    expect(list.body.data.list[1].weight).toBe('9 lbs');
    expect(second.id).toBe(2);
  });
  it('validates age, species, weight and required fields with exact messages', async () => {
    await h.registerUser();
    const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', age: '2yrs', species: 'parrot', weight: 'heavy' });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(['The name field is required.', 'The age format is invalid.', 'The sex field is required.', 'The selected species is invalid.', 'The weight format is invalid.']);
  });
  it('search, search_by and pagination on A5', async () => {
    await h.registerUser();
    for (const [name, species] of [['Rex', 'dog'], ['Tom', 'cat'], ['Rexy', 'dog'], ['Kit', 'cat']]) await h.addPet('ann@example.com', { name, species });
    const q = (s: string) => h.get(`/api/v2/demo/pet/list?email=ann@example.com&${s}`).then((r) => r.body.data.list.map((p: { name: string }) => p.name));
    expect(await q('search_value=rex')).toEqual(['Rex', 'Rexy']);
    expect(await q('search_value=cat&search_by=species')).toEqual(['Tom', 'Kit']);
    expect(await q('search_value=cat&search_by=name')).toEqual([]);
    expect(await q('pagination=true&perPage=3&page=2')).toEqual(['Kit']);
    expect(await q('pagination=false&perPage=3&page=2')).toEqual(['Rex', 'Tom', 'Rexy', 'Kit']);
    expect((await h.get('/api/v2/demo/pet/list?email=ann@example.com&search_by=owner')).body.message).toEqual(['The selected search by is invalid.']);
    expect((await h.get('/api/v2/demo/pet/list')).body.message).toEqual(['The email field is required.']);
  });
  it('A3 updates by JSON (weight integer) and by form-data with an image served under /media', async () => {
    await h.registerUser();
    await h.addPet();
    const j = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: { name: 'Rex II', weight: 14, color: 'brown' } });
    expect(j.status).toBe(200);
    expect(j.body.message).toEqual(['Pet Updated']);
    expect(j.body.data.pet).toMatchObject({ name: 'Rex II', weight: '14 lbs', color: 'brown', age: '2 years' });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const f = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '1').field('pet[sex_type]', 'spayed')
      .attach('profile', png, { filename: 'rex.png', contentType: 'image/png' });
    expect(f.status).toBe(200);
    expect(f.body.data.pet.sex_type).toBe('spayed');
    const url = new URL(f.body.data.pet.profile);
    expect(url.pathname).toMatch(/^\/media\/demo\/pets\/1\/[0-9a-f]{16}\.png$/);
    const img = await h.http.get(url.pathname);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.body as Buffer, png)).toBe(0);
    const txt = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '1').attach('profile', Buffer.from('hello'), { filename: 'a.txt', contentType: 'text/plain' });
    expect(txt.status).toBe(422);
    expect(txt.body.message).toEqual(['The profile must be a file of type: png, jpeg, gif, webp.']);
  });
  it('A4 soft-deletes: the pet is gone from A5 and lookups; the default passes to the newest remaining pet', async () => {
    await h.registerUser();
    await h.addPet('ann@example.com', { name: 'A' });
    await h.addPet('ann@example.com', { name: 'B' });
    await h.addPet('ann@example.com', { name: 'C' });
    const r = await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: 1 });
    expect(r.body).toEqual({ success: true, status_code: 200, message: ['Pet data deleted successfully'], data: true });
    const list = (await h.get('/api/v2/demo/pet/list?email=ann@example.com')).body.data.list;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['B', 'C']);
    expect(list.find((p: { name: string }) => p.name === 'C').pivot).toEqual({ vet_care_user_id: 1, pet_id: 3 });
    expect((await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: 1 })).status).toBe(404);
    expect((await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1 })).body.message).toEqual(['Pet Not Found']);
  });
  it("a user cannot touch another app's pets", async () => {
    await h.registerUser();
    await h.addPet();
    const acme = (await h.ctl.post('/apps', { name: 'acme' })).body;
    const auth = `Basic ${Buffer.from(`acme:${acme.api_token}`).toString('base64')}`;
    const r = await h.http.get('/api/v2/acme/pet/list?email=ann@example.com').set('authorization', auth);
    expect(r.status).toBe(404);
    expect(r.body.message).toEqual(['User Not Found']);
  });
});

describe('A6 report/webappuser/profile', () => {
  it('rows exactly as specified, with every filter', async () => {
    await h.registerUser({ email: 'ann@example.com', first_name: 'Ann', role: 'protect_users', emergency_fund: 10 });
    await h.registerUser({ email: 'bob@example.com', first_name: 'Bob', last_name: 'Stone' });
    await h.registerUser({ email: 'cy@example.com', first_name: 'Cy' });
    await h.post('/api/v2/demo/actions', { email: 'cy@example.com', status: 'cancelled' });
    const all = await h.post('/api/v2/demo/report/webappuser/profile', {});
    expect(all.body.message).toEqual(['Successfully Get User Details.']);
    expect(all.body.data).toHaveLength(3);
    expect(all.body.data[0]).toEqual({
      first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone_no: null, your_registration_date: expect.stringMatching(TS),
      emergency_fund: 10, next_emergency_activation_date: null, activedays: 0, protect_type: 'protect_users', package_type: 'monthly', subscription_status: 'subscribed',
    });
    const emails = async (body: object) => (await h.post('/api/v2/demo/report/webappuser/profile', body)).body.data.map((r: { email: string }) => r.email);
    expect(await emails({ search_value: 'stone' })).toEqual(['bob@example.com']);
    expect(await emails({ status: 'cancelled' })).toEqual(['cy@example.com']);
    expect(await emails({ selectedProtect: 'protect_users' })).toEqual(['ann@example.com']);
    expect(await emails({ perPage: '2', page: '2' })).toEqual(['cy@example.com']);
    expect(await emails({ pagination: '1' })).toEqual(['ann@example.com']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await emails({ date_from: today, date_to: today })).toHaveLength(3);
    expect(await emails({ date_from: '2000-01-01', date_to: '2000-01-02' })).toEqual([]);
    expect((await h.post('/api/v2/demo/report/webappuser/profile', { date_from: '2026-13-01', date_to: '2026-01-01' })).body.message).toEqual(['The date from is not a valid date.']);
  });
});

describe('reports stay current as users change', () => {
  it('a report taken before later registrations, renames and deletions reflects them afterwards', async () => {
    await h.registerUser({ email: 'ann@example.com' });
    const emails = async (body: object = {}) => (await h.post('/api/v2/demo/report/webappuser/profile', body)).body.data.map((r: { email: string }) => r.email);
    expect(await emails()).toEqual(['ann@example.com']);
    await h.registerUser({ email: 'bob@example.com', first_name: 'Bob' });
    await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', first_name: 'Zelda' });
    expect(await emails({ search_value: 'zelda' })).toEqual(['ann@example.com']);
    await h.post('/api/v2/demo/delete-user', { email: 'bob@example.com', app_id: 1 });
    expect(await emails()).toEqual(['ann@example.com']);
    const b5 = await h.http.post('/client/user/1/v2/report/user/list').send({ search_value: 'ZELDA' });
    expect(b5.body.data.pagination.total).toBe(1);
  });
});

describe('A12 actions and A13 delete-user', () => {
  it('appends a status record, applies optional fields, enforces the role rule', async () => {
    await h.registerUser({ role: 'protect_users', emergency_fund: 100 });
    const r = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'cancelled', role: 'users', first_name: 'Annie', type: 'yearly', emergency_fund: 5 });
    expect(r.body).toEqual({ success: true, status_code: 200, message: ['End chat successful'], data: true });
    const d = (await h.ctl.get('/users/1')).body;
    expect(d.user).toMatchObject({ status: 'cancelled', role: 'users', first_name: 'Annie', type: 'yearly', emergency_fund: 5 });
    expect(d.statuses.map((s: { status: string; type: string }) => `${s.status}/${s.type}`)).toEqual(['subscribed/monthly', 'cancelled/yearly']);
    const up = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', role: 'protect_users' });
    expect(up.status).toBe(200);
    expect((await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'paused', first_name: 'x_y~' })).body.message)
      .toEqual(['The selected status is invalid.', 'The first name format is invalid.']);
  });
  it('A13 soft-deletes: response has deleted_at and user_status_latest; the user is 404 everywhere afterwards', async () => {
    await h.registerUser();
    await h.addPet();
    expect((await h.post('/api/v2/demo/delete-user', { email: 'ann@example.com', app_id: 2 })).body.message).toEqual(['User Not Found']);
    const r = await h.post('/api/v2/demo/delete-user', { email: 'ann@example.com', app_id: 1 });
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual(['User deleted successfully']);
    expect(r.body.data.deleted_at).toMatch(TS);
    expect(r.body.data.user_status_latest).toMatchObject({ user_id: 1, app_id: 1, status: 'subscribed', type: 'monthly' });
    for (const res of [
      await h.get('/api/v2/demo/pet/list?email=ann@example.com'),
      await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'a', age: '1 years', sex: 'm' }),
      await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 }),
      await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'cancelled' }),
      await h.post('/api/v2/demo/delete-user', { email: 'ann@example.com', app_id: 1 }),
    ]) expect(res.body.message).toEqual(['User Not Found']);
    expect((await h.registerUser()).id).toBe(2); // the e-mail is free again
  });
});
