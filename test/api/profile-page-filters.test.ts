// Issue 35, finding 19 (its rule items): `profile` as text, `page` below 1, filters whose values the spec never
// lists, query booleans. Each case names the Laravel behaviour it follows (docs/laravel-fidelity.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const C = '/client/user/1/v2';
const fail = (status: number, message: string[]) => ({ success: false, status_code: status, message, data: [] });
const NOT_A_FILE = 'The profile must be a file of type: png, jpeg, gif, webp.';

describe('A3/B2 `profile` that is not an uploaded file: the image/mimes rules refuse it (validateMimes: isValidFileInstance)', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });

  it.each([
    ['A3', '/api/v2/demo/pet/update'],
    ['B2', `${C}/pet/update`],
  ])('%s: a JSON string is 422 with the mimes message, and the pet is left as it was', async (_id, path) => {
    const r = await h.post(path, { email: 'ann@example.com', pet_id: 1, pet: { color: 'brown' }, profile: 'https://example.com/rex.png' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(fail(422, [NOT_A_FILE]));
    const pet = (await h.get('/api/v2/demo/pet/list?email=ann@example.com')).body.data.list[0];
    expect(pet).toMatchObject({ color: null, profile: null });
  });

  it('A3: a multipart text field named profile is no file either; its message comes after the other fields\' messages', async () => {
    const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`)
      .field('email', 'ann@example.com').field('pet_id', '01').field('profile', 'rex.png');
    expect(r.status).toBe(422);
    expect(r.body).toEqual(fail(422, ['The pet id must be an integer.', NOT_A_FILE]));
  });

  it('A3: an empty profile text field is null to ConvertEmptyStringsToNull, so nothing is judged', async () => {
    const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`)
      .field('email', 'ann@example.com').field('pet_id', '1').field('pet[color]', 'grey').field('profile', '');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet).toMatchObject({ color: 'grey', profile: null });
  });
});

describe('`page` below 1 reads as page 1 (Paginator::resolveCurrentPage), never 422', () => {
  it('A5 and B4 list the first page for page 0 and -3', async () => {
    await h.registerUser();
    for (const name of ['Rex', 'Bo', 'Max']) await h.addPet('ann@example.com', { name });
    for (const page of ['0', '-3']) {
      for (const path of ['/api/v2/demo/pet/list', `${C}/pet/list`]) {
        const r = await h.get(`${path}?email=ann@example.com&pagination=true&perPage=2&page=${page}`);
        expect(r.status, `${path} ${page} ${JSON.stringify(r.body)}`).toBe(200);
        expect(r.body.data.list.map((p: { name: string }) => p.name), page).toHaveLength(2);
      }
    }
    const first = await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=true&perPage=2&page=1');
    const zero = await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=true&perPage=2&page=0');
    expect(zero.body).toEqual(first.body);
  });

  it('A6, B5, B6, B7 answer page 0 and a negative page as page 1; B5\'s pagination object says current 1', async () => {
    await h.registerUser();
    await h.registerClient();
    for (const page of [0, -1, '-7']) {
      const a6 = await h.post('/api/v2/demo/report/webappuser/profile', { page, perPage: 1 });
      expect(a6.status, JSON.stringify(a6.body)).toBe(200);
      expect(a6.body.data).toHaveLength(1);
      const b5 = await h.http.post(`${C}/report/user/list`).send({ page });
      expect(b5.status, JSON.stringify(b5.body)).toBe(200);
      expect(b5.body.data.pagination).toMatchObject({ current: 1, previous: 1, from: 1 });
      const b6 = await h.http.post(`${C}/report/payment/list`).send({ page, pagination: true });
      expect(b6.status, JSON.stringify(b6.body)).toBe(200);
      expect(b6.body.data).toHaveLength(1);
      const b7 = await h.http.get(`${C}/vet/feedbacks`).send({ page, pagination: true });
      expect(b7.status, JSON.stringify(b7.body)).toBe(200);
    }
  });

  it('a page is still an integer (the integer rule): a word is 422; a page far past the rows is an empty page', async () => {
    await h.registerClient();
    expect((await h.http.post(`${C}/report/payment/list`).send({ page: 'two' })).body).toEqual(fail(422, ['The page must be an integer.']));
    const far = await h.http.post(`${C}/report/payment/list`).send({ page: '9223372036854775807', pagination: true });
    expect(far.status, JSON.stringify(far.body)).toBe(200);
    expect(far.body.data).toEqual([]);
    const b5 = await h.http.post(`${C}/report/user/list`).send({ page: '9000000000000000000' });
    expect(b5.status, JSON.stringify(b5.body)).toBe(200);
    expect(b5.body.data.list).toEqual([]);
  });
});

describe('B6 search_by/status and B7 search_by: the spec lists no values, so none is refused; an unknown one matches nothing', () => {
  beforeEach(async () => {
    await h.registerClient();
  });

  it('B6: an unknown search_by with a search value finds nothing; the known ones still search their column', async () => {
    const list = (body: object) => h.http.post(`${C}/report/payment/list`).send(body);
    const unknown = await list({ search_value: 'priya', search_by: 'phone' });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(200);
    expect(unknown.body.data).toEqual([]);
    expect((await list({ search_value: 'priya', search_by: 'email' })).body.data).toHaveLength(1);
    expect((await list({ search_value: 'priya', search_by: 'last_name' })).body.data).toEqual([]);
    // Without a search value nothing is searched, whatever column is named.
    expect((await list({ search_by: 'phone' })).body.data).toHaveLength(1);
  });

  it('B6: an unknown status matches no payment; "succeeded" matches the one there is', async () => {
    const list = (status: string) => h.http.post(`${C}/report/payment/list`).send({ status });
    const pending = await list('pending');
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.data).toEqual([]);
    expect((await list('succeeded')).body.data).toHaveLength(1);
  });

  it('B7: an unknown search_by is 200 with nothing found', async () => {
    const r = await h.http.get(`${C}/vet/feedbacks`).send({ search_value: 'a', search_by: 'clinic' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([]);
  });
});

describe('query booleans keep taking true/false (a listed difference from Laravel\'s boolean rule)', () => {
  it('A5 pagination=true and pagination=false are read; "yes" is refused with the boolean message', async () => {
    await h.registerUser();
    await h.addPet();
    expect((await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=true')).status).toBe(200);
    expect((await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=false')).status).toBe(200);
    expect((await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=yes')).body).toEqual(fail(422, ['The pagination field must be true or false.']));
  });
});
