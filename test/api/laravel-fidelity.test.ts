// Issue 29's fidelity items 7–9, each against the spec line (or the Laravel behaviour) it follows.
// Exact status, envelope and message text; docs/laravel-fidelity.md says which Laravel behaviour each follows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const fail = (status: number, message: string[]) => ({ success: false, status_code: status, message, data: [] });

describe('item 7: A3/B2 pet.weight is an integer ("weight (integer, optional)", "update accepts an integer")', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });

  it.each([
    ['A3', '/api/v2/demo/pet/update'],
    ['B2', '/client/user/1/v2/pet/update'],
  ])('%s: a fraction, a unit or a word is 422 with Laravel\'s integer message; nothing changes', async (_id, path) => {
    for (const weight of [12.5, '12.5', '12 lbs', 'heavy', false]) {
      const r = await h.post(path, { email: 'ann@example.com', pet_id: 1, pet: { weight } });
      expect(r.status, String(weight)).toBe(422);
      expect(r.body).toEqual(fail(422, ['The pet.weight must be an integer.']));
    }
    const list = await h.get('/api/v2/demo/pet/list?email=ann@example.com');
    expect(list.body.data.list[0].weight).toBeNull();
  });

  it('A3: an integer, a numeric string and JSON true (FILTER_VALIDATE_INT reads 1) are taken', async () => {
    const update = (weight: unknown) => h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: { weight } });
    expect((await update(14)).body.data.pet.weight).toBe('14 lbs');
    expect((await update('15')).body.data.pet.weight).toBe('15 lbs');
    expect((await update(true)).body.data.pet.weight).toBe('1 lbs');
    expect((await update(-1)).body).toEqual(fail(422, ['The pet.weight must be at least 0.']));
  });

  it('A2 (weight typed string) still takes a decimal and a unit', async () => {
    const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Tom', age: '1 years', sex: 'male', weight: '9.5 lbs' });
    expect(r.status).toBe(200);
    expect(r.body.data.pet.weight).toBe('9.5 lbs');
  });

  it('openapi.json advertises A3/B2 pet.weight as an integer', async () => {
    const doc = (await h.ctl.get('/openapi.json')).body;
    for (const path of ['/api/v2/{name}/pet/update', '/client/user/{name}/v2/pet/update']) {
      const weight = doc.paths[path].post.requestBody.content['application/json'].schema.properties.pet.properties.weight;
      expect(weight.anyOf[0], path).toEqual({ type: 'integer', minimum: 0, maximum: 9999 });
      expect(weight.anyOf.map((b: { type: string }) => b.type)).not.toContain('number');
    }
  });
});

describe('item 8: A6 dates follow Laravel\'s date rule; A2 age is exactly the stated format', () => {
  const report = (body: object) => h.post('/api/v2/demo/report/webappuser/profile', body);

  it('A6: a date-time date_from/date_to (strtotime reads it) is accepted and compared by day', async () => {
    await h.registerUser();
    const today = new Date().toISOString().slice(0, 10);
    for (const [from, to] of [[`${today} 10:00:00`, `${today} 23:59:59`], [`${today}T00:00:00Z`, `${today}T08:00:00.123456Z`], [today, today]]) {
      const r = await report({ date_from: from, date_to: to });
      expect(r.status, from).toBe(200);
      expect(r.body.data.map((u: { email: string }) => u.email), from).toEqual(['ann@example.com']);
    }
    const before = await report({ date_from: '2020-01-01 00:00:00', date_to: '2020-01-31T12:00:00+02:00' });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual([]);
  });

  it('A6: one bad value gets one message, never "does not match the format" beside "is not a valid date"', async () => {
    expect((await report({ date_from: 'yesterday-ish', date_to: '2026-11-30' })).body).toEqual(fail(422, ['The date from is not a valid date.']));
    expect((await report({ date_from: '2026-11-01', date_to: '2026-02-30 10:00:00' })).body).toEqual(fail(422, ['The date to is not a valid date.']));
    expect((await report({ date_from: '2026-11-01 10:00:00' })).body).toEqual(fail(422, ['The date to field is required when date from is present.']));
  });

  it('B5: its dates are Y-m-d (behaviour §10), refused with the one date_format message', async () => {
    const list = (body: object) => h.http.post('/client/user/1/v2/report/user/list').send(body);
    expect((await list({ date_from: '2026-11-01 10:00:00', date_to: '2026-11-30' })).body).toEqual(fail(422, ['The date from does not match the format Y-m-d.']));
    expect((await list({ date_from: '2026-11-01', date_to: '2026-02-30' })).body).toEqual(fail(422, ['The date to does not match the format Y-m-d.']));
  });

  it('A2: "1 year" and "2 years 1 month" are not the format (422); "1 years" and "2 years 1 months" are', async () => {
    await h.registerUser();
    for (const age of ['1 year', '2 years 1 month', '2 year 3 months', '1 years 12 months']) {
      const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age, sex: 'male' });
      expect(r.body, age).toEqual(fail(422, ['The age format is invalid.']));
    }
    const ok = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years 1 months', sex: 'male' });
    expect(ok.body.data.pet.age).toBe('2 years 1 months');
    expect((await h.ctl.get('/pets')).body.total).toBe(1);
  });
});

describe('item 9: malformed JSON is empty input; integer accepts true', () => {
  const malformed = '{"email": "ann@example.com",';

  it('A2: the 422 the rules give for empty input; the query string still counts; the journal says why', async () => {
    const r = await h.http.post('/api/v2/demo/pet/add?name=Rex').set('authorization', DEMO_AUTH).set('content-type', 'application/json').send(malformed);
    expect(r.status).toBe(422);
    expect(r.body).toEqual(fail(422, ['The email field is required.', 'The age field is required.', 'The sex field is required.']));
    const [entry] = (await h.ctl.get('/requests?endpoint=A2')).body.items;
    const full = (await h.ctl.get(`/requests/${entry.id}`)).body;
    expect(full.status).toBe(422);
    expect(full.request_body).toBe(malformed);
    expect(full.error).toMatch(/^The body was not valid JSON \(.+\); it was read as empty input, as Laravel does\.$/);
  });

  it('A9 (a GET with a JSON body) and B9: the same reading, so B9 reports its missing api_key as 422, not 401', async () => {
    const a9 = await h.http.get('/api/v2/demo/refresh').set('authorization', DEMO_AUTH).set('content-type', 'application/json').send('{"identity":');
    expect(a9.body).toEqual(fail(422, ['The identity field is required.', 'The dev type field is required.']));
    const b9 = await h.http.post('/client/user/1/v2/register-user').set('content-type', 'application/json').send('{"api_key": "nope"');
    expect(b9.status).toBe(422);
    expect(b9.body.message).toContain('The api key field is required.');
  });

  it('a valid body gets no journal error', async () => {
    await h.post('/api/v2/demo/pet/add', {});
    const [entry] = (await h.ctl.get('/requests?endpoint=A2')).body.items;
    expect((await h.ctl.get(`/requests/${entry.id}`)).body.error).toBeNull();
  });

  it('integer fields take JSON true as 1 and refuse false (A4 pet_id, A13 app_id)', async () => {
    await h.registerUser();
    await h.addPet();
    const removed = await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: true });
    expect(removed.body).toEqual({ success: true, status_code: 200, message: ['Pet data deleted successfully'], data: true });
    expect((await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id: false })).body).toEqual(fail(422, ['The pet id must be an integer.']));
    const deleted = await h.post('/api/v2/demo/delete-user', { email: 'ann@example.com', app_id: true });
    expect(deleted.status).toBe(200);
  });
});
