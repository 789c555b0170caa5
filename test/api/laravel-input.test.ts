// The request as the Laravel service sees it (behaviour §4): query ∪ body on every endpoint and method,
// multipart everywhere, TrimStrings and ConvertEmptyStringsToNull, image type from the bytes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const C = '/client/user/1/v2';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d0c1b70000000049454e44ae426082', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

async function chat() {
  await h.registerUser();
  await h.addPet();
  const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { channel: string; identity: string };
}

describe('input = query string ∪ body, whatever the method', () => {
  it('A9 GET with the identity in the query answers a token (browsers cannot send a GET body)', async () => {
    const { identity } = await chat();
    const r = await h.get(`/api/v2/demo/refresh?identity=${identity}&dev_type=ios`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rtcToken).toMatch(/^ey/);
  });

  it('A10 POST with ?channel_sid= ends the chat', async () => {
    const { channel } = await chat();
    const r = await h.http.post(`/api/v2/demo/end?channel_sid=${channel}`).set('authorization', DEMO_AUTH);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await h.ctl.get(`/consultations/${channel}`)).body.status).toBe('ended');
  });

  it('B7 GET reads ?search_value= from the query', async () => {
    const { channel } = await chat();
    await h.ctl.post(`/consultations/${channel}/accept`);
    expect((await h.ctl.put(`/consultations/${channel}/feedback`, { recommendation: 'urgent', reason: 'Vomiting' })).status).toBe(200);
    expect((await h.http.get(`${C}/vet/feedbacks`)).body.data).toHaveLength(1);
    expect((await h.http.get(`${C}/vet/feedbacks?search_value=nobody-matches-this`)).body.data).toEqual([]);
    expect((await h.http.get(`${C}/vet/feedbacks?search_value=ann`)).body.data).toHaveLength(1);
  });

  it('B8 reads a JSON body (not only the query)', async () => {
    await h.registerUser();
    await h.addPet();
    const second = await h.addPet('ann@example.com', { name: 'Max' });
    const r = await h.http.post(`${C}/pet/switch`).send({ email: 'ann@example.com', pet_id: second.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ attached: [second.id], detached: [1], updated: [] });
  });

  it('a form body on GET is not input, as PHP reads none (a JSON body is)', async () => {
    await h.registerUser();
    const form = await h.get('/api/v2/demo/pet/list').type('form').send('email=ann@example.com');
    expect(form.status).toBe(422);
    expect(form.body.message).toEqual(['The email field is required.']);
    expect((await h.get('/api/v2/demo/pet/list').send({ email: 'ann@example.com' })).status).toBe(200);
  });

  it('the body wins over the query on a conflict; the query fills what the body lacks', async () => {
    await h.registerUser();
    const r = await h.http.post('/api/v2/demo/pet/add?name=FromQuery&species=cat').set('authorization', DEMO_AUTH)
      .send({ email: 'ann@example.com', name: 'FromBody', age: '2 years', sex: 'male' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet).toMatchObject({ name: 'FromBody', species: 'cat' });
  });

  it('A5 still reads its query, and bracket keys nest as PHP reads them', async () => {
    await h.registerUser();
    await h.addPet();
    const r = await h.http.post('/api/v2/demo/pet/update?email=ann@example.com&pet_id=1&pet[name]=Bolt&pet[color]=black').set('authorization', DEMO_AUTH);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet).toMatchObject({ name: 'Bolt', color: 'black' });
  });
});

describe('multipart/form-data on every endpoint', () => {
  it('A2 and B1 accept -F fields', async () => {
    await h.registerUser();
    const a = await h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('name', 'Rex').field('age', '2 years').field('sex', 'male');
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const b = await h.http.post(`${C}/pet/add`).field('email', 'ann@example.com').field('name', 'Tom').field('age', '1 years').field('sex', 'male');
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.data.pet.name).toBe('Tom');
  });

  it('a file under an unknown key is ignored like an unknown field', async () => {
    await h.registerUser();
    const r = await h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('name', 'Rex').field('age', '2 years').field('sex', 'male')
      .attach('photo', PNG, { filename: 'rex.png', contentType: 'image/png' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it('A3 also with a stray file next to the profile image', async () => {
    await h.registerUser();
    await h.addPet();
    const r = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '1')
      .attach('thumbnail', JPEG, { filename: 't.jpg', contentType: 'image/jpeg' })
      .attach('profile', PNG, { filename: 'rex.png', contentType: 'image/png' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet.profile).toMatch(/\/media\/demo\/pets\/1\/.+\.png$/);
  });
});

describe('image type from the bytes (Laravel mimes)', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });
  const upload = (data: Buffer, filename: string, contentType: string, path = '/api/v2/demo/pet/update') =>
    h.http.post(path).set('authorization', DEMO_AUTH).field('email', 'ann@example.com').field('pet_id', '1').attach('profile', data, { filename, contentType });

  it('a real PNG sent as application/octet-stream is stored as a PNG', async () => {
    const r = await upload(PNG, 'blob', 'application/octet-stream');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const img = await h.http.get(new URL(r.body.data.pet.profile).pathname);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('a JPEG labelled image/jpg is accepted (B2 too)', async () => {
    const r = await upload(JPEG, 'a.jpg', 'image/jpg', `${C}/pet/update`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await h.http.get(new URL(r.body.data.pet.profile).pathname)).headers['content-type']).toBe('image/jpeg');
  });

  it('a text file labelled image/png is refused with the mimes message', async () => {
    const r = await upload(Buffer.from('not an image at all'), 'x.png', 'image/png');
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ success: false, status_code: 422, message: ['The profile must be a file of type: png, jpeg, gif, webp.'], data: [] });
  });
});

describe('TrimStrings and ConvertEmptyStringsToNull', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });

  it('" ann@example.com " is the e-mail ann@example.com', async () => {
    const r = await h.post('/api/v2/demo/pet/add', { email: ' ann@example.com\t', name: ' Max ', age: '1 years', sex: 'male' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet.name).toBe('Max');
  });

  it('trims Laravel\'s whitespace set too: no-break space, zero-width space, BOM (text pasted from a web page)', async () => {
    const r = await h.post('/api/v2/demo/pet/add', { email: '\u00a0ann@example.com\u200b', name: '\ufeffMax\u3000', age: '1 years', sex: 'male' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet.name).toBe('Max');
  });

  it('a blank first name is no first name: A12 leaves the stored one alone', async () => {
    const r = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', first_name: '   ' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await h.ctl.get('/users')).body.items[0].first_name).toBe('Ann');
  });

  it('a blank required field is missing, with Laravel\'s required message', async () => {
    const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: '  ', age: '1 years', sex: 'male' });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(['The name field is required.']);
  });

  it('A3 pet.name "" does not blank the name', async () => {
    const r = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: { name: '', color: ' brown ' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet).toMatchObject({ name: 'Rex', color: 'brown' });
  });
});

describe('client family {name}', () => {
  it('accepts the app slug as well as its id', async () => {
    await h.registerUser();
    await h.addPet();
    const bySlug = await h.http.get('/client/user/demo/v2/pet/list?email=ann@example.com');
    expect(bySlug.status, JSON.stringify(bySlug.body)).toBe(200);
    expect(bySlug.body).toEqual((await h.http.get(`${C}/pet/list?email=ann@example.com`)).body);
  });
});

// Where the simulator had answered differently from Laravel's own request handling (a fidelity review,
// stop 23): each case is what the framework's source does, cited beside it.
describe('as Laravel reads and validates it', () => {
  beforeEach(async () => {
    await h.registerUser();
    await h.addPet();
  });
  const pet = { email: 'ann@example.com', name: 'Max', age: '1 years', sex: 'male' };

  it('a body is JSON when its Content-Type holds "/json" or "+json", case-sensitively (Request::isJson)', async () => {
    const as = (type: string) => h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', type).send(JSON.stringify(pet));
    const textJson = await as('text/json');
    expect(textJson.status, JSON.stringify(textJson.body)).toBe(200);
    expect(textJson.body.data.pet.name).toBe('Max');
    // Str::contains is case-sensitive: Laravel reads no input from this body at all.
    const upper = await as('Application/JSON');
    expect(upper.status).toBe(422);
    expect(upper.body.message).toEqual(['The email field is required.', 'The name field is required.', 'The age field is required.', 'The sex field is required.']);
  });

  it('A3 takes "pet": [] (PHP\'s json_encode of an empty array) as an empty pet, as the array rule does', async () => {
    const r = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: [] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet.name).toBe('Rex');
    // A list with items is an array to `array` too (issue 35): its keys are numbers, so no pet field is sent.
    const list = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: ['Max'] });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.pet.name).toBe('Rex');
  });

  it('a required password of spaces is missing: Laravel does not trim passwords, but its required rule trims (validateRequired)', async () => {
    const r = await h.registerClient({ password: '   ' });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(['The password field is required.']);
    const kept = await h.registerClient({ password: ' s3cret ' }); // not trimmed, not refused
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  });

  it('an integer as PHP\'s FILTER_VALIDATE_INT reads it (the integer rule): "+1" is 1, "01" is not an integer', async () => {
    const signed = await h.get('/api/v2/demo/pet/list?email=ann@example.com&pagination=1&page=%2B1');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const padded = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: '01', pet: { color: 'brown' } });
    expect(padded.status).toBe(422);
    expect(padded.body.message).toEqual(['The pet id must be an integer.']);
    const plain = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: '1', pet: { color: 'brown' } });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
  });

  it('refuses the e-mails RFC validation refuses: dots at the ends or doubled, hyphens at a label\'s ends, underscores in the domain', async () => {
    for (const email of ['a..b@example.com', '.a@example.com', 'a.@example.com', 'user@-example.com', 'user@example-.com', 'user@exa_mple.com', 'user@example..com']) {
      const r = await h.post('/api/v2/demo/register-user', { first_name: 'Kim', email, role: 'users', dev_type: 'ios' });
      expect(r.status, email).toBe(422);
      expect(r.body.message, email).toEqual(['The email must be a valid email address.']);
    }
    const ok = await h.post('/api/v2/demo/register-user', { first_name: 'Kim', email: 'kim.o-neil+vet@mail.example-host.co.uk', role: 'users', dev_type: 'ios' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
