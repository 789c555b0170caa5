// Issue 35, finding 20 (its field-rule items): each field judged as Laravel's validator judges it, every rule of a
// field in its order (no `bail`), fields in the spec table's order. Each case names the Laravel rule it follows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const C = '/client/user/1/v2';
const fail = (status: number, message: string[]) => ({ success: false, status_code: status, message, data: [] });
const action = (body: object) => h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', ...body });
const payments = async () => (await h.http.post(`${C}/report/payment/list`).send({})).body.data as { amount: string; email: string }[];

describe('every rule of a field runs, in order (Validator: no bail, only an implicit rule stops)', () => {
  it('`email` (validateEmail: anything but a string fails it): a number or a list gets the email message beside the string one', async () => {
    for (const email of [42, ['ann@example.com'], true]) {
      const r = await h.post('/api/v2/demo/pet/add', { email, name: 'Rex', age: '2 years', sex: 'male' });
      expect(r.body, JSON.stringify(email)).toEqual(fail(422, ['The email must be a string.', 'The email must be a valid email address.']));
    }
  });

  it('`regex` (validateRegex: only a string or a number is matched): a name sent as a list or true is "format is invalid." too', async () => {
    await h.registerUser();
    expect((await action({ first_name: ['Ann'], last_name: true })).body).toEqual(fail(422, [
      'The first name must be a string.', 'The first name format is invalid.', 'The last name must be a string.', 'The last name format is invalid.',
    ]));
    // A number is matched as PHP's string form: 42 fits the character set, -42 does not ("-" is not in it).
    expect((await action({ first_name: 42, last_name: -42 })).body).toEqual(fail(422, [
      'The first name must be a string.', 'The last name must be a string.', 'The last name format is invalid.',
    ]));
    const b9 = await h.registerClient({ first_name: { a: 'b' } });
    expect(b9.body).toEqual(fail(422, ['The first name must be a string.', 'The first name format is invalid.']));
  });

  it('`email` before `max`: a long address that is no address gets both, the email message first', async () => {
    const r = await h.post('/api/v2/demo/pet/add', { email: 'a'.repeat(300), name: 'Rex', age: '2 years', sex: 'male' });
    expect(r.body).toEqual(fail(422, ['The email must be a valid email address.', 'The email must not be greater than 255 characters.']));
  });

  it('`max` counts characters as mb_strlen does (code points): 255 emoji are 255 characters', async () => {
    const r = await h.post('/api/v2/demo/register-user', { first_name: '🐶'.repeat(255), email: 'emoji@example.com', role: 'users', dev_type: 'ios' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const over = await h.post('/api/v2/demo/register-user', { first_name: '🐶'.repeat(256), email: 'emoji2@example.com', role: 'users', dev_type: 'ios' });
    expect(over.body).toEqual(fail(422, ['The first name must not be greater than 255 characters.']));
  });

  it('A7\'s messages follow the spec table (first_name, email, role, dev_type, emergency_fund, last_name, phone_no), as A12\'s do', async () => {
    const r = await h.post('/api/v2/demo/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'protect_users', dev_type: 'ios', last_name: 7, phone_no: 'x'.repeat(40) });
    expect(r.body).toEqual(fail(422, [
      'The emergency fund field is required when role is protect_users.', 'The last name must be a string.', 'The phone no must not be greater than 32 characters.',
    ]));
  });

  it('B5: a bad date_from does not hide its pair\'s required_with (both rules run)', async () => {
    const r = await h.http.post(`${C}/report/user/list`).send({ date_from: 'next week' });
    expect(r.body).toEqual(fail(422, ['The date from does not match the format Y-m-d.', 'The date to field is required when date from is present.']));
  });
});

describe('B9 payment fields', () => {
  it('`numeric` is PHP\'s is_numeric: -5, +5, 1e3, .5 are prices; the amount is written in digits', async () => {
    const cases: [string, string][] = [['-5', '-5.00'], ['+5', '5.00'], ['1e3', '1000.00'], ['.5', '0.50']];
    for (const [i, [price]] of cases.entries()) {
      const r = await h.registerClient({ price, email: `p${i}@example.com` });
      expect(r.status, `${price} ${JSON.stringify(r.body)}`).toBe(200);
    }
    const amounts = new Map((await payments()).map((p) => [p.email, p.amount]));
    cases.forEach(([, amount], i) => expect(amounts.get(`p${i}@example.com`)).toBe(amount));
    expect((await h.registerClient({ price: '5 euros', email: 'x@example.com' })).body).toEqual(fail(422, ['The price must be a number.']));
  });

  it('`digits_between:3,4` in its own words', async () => {
    for (const cvc of ['12', '12345', '12a']) {
      expect((await h.registerClient({ cvc })).body, cvc).toEqual(fail(422, ['The cvc must be between 3 and 4 digits.']));
    }
  });

  it('is_addOn has the one boolean reading of the API: JSON true/false and "1"/"0"/"true"/"false"; "yes" is refused', async () => {
    expect((await h.registerClient({ is_addOn: true, price: '10.00', email: 'a@example.com' })).status).toBe(200);
    expect((await h.registerClient({ is_addOn: false, price: '10.00', email: 'b@example.com' })).status).toBe(200);
    expect((await h.registerClient({ is_addOn: '1', price: '10.00', email: 'c@example.com' })).status).toBe(200);
    const amounts = new Map((await payments()).map((p) => [p.email, p.amount]));
    expect([amounts.get('a@example.com'), amounts.get('b@example.com'), amounts.get('c@example.com')]).toEqual(['14.99', '10.00', '14.99']);
    expect((await h.registerClient({ is_addOn: 'yes', email: 'd@example.com' })).body).toEqual(fail(422, ['The is add on field must be true or false.']));
  });

  it('roles[] is the one shared role record (one created_at for every user), only its pivot is the user\'s', async () => {
    const first = JSON.parse((await h.registerClient()).body.data.stringify_response).user;
    await h.ctl.post('/clock', { advance_seconds: 3 * 86400 });
    const second = JSON.parse((await h.registerClient({ email: 'later@example.com' })).body.data.stringify_response).user;
    expect(second.created_at).not.toBe(first.created_at);
    const { pivot: p1, ...role1 } = first.roles[0];
    const { pivot: p2, ...role2 } = second.roles[0];
    expect(role2).toEqual(role1);
    expect([p1.model_id, p2.model_id]).toEqual([first.id, second.id]);
  });
});

describe('other fields', () => {
  beforeEach(async () => {
    await h.registerUser();
  });

  it('`array`: pet ["a"] is an array (its keys are numbers, so no pet field is sent): 200, the pet unchanged', async () => {
    await h.addPet();
    const r = await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: ['a'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.pet.name).toBe('Rex');
    expect((await h.post('/api/v2/demo/pet/update', { email: 'ann@example.com', pet_id: 1, pet: 'a' })).body).toEqual(fail(422, ['The pet must be an array.']));
  });

  it('A2 weight is one `regex` rule whatever the JSON type: 12.345 is refused as "12.345" is; 12.5 is taken as "12.5" is', async () => {
    const add = (weight: unknown, name: string) => h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name, age: '2 years', sex: 'male', weight });
    for (const weight of [12.345, '12.345', -1, true]) expect((await add(weight, 'X')).body, String(weight)).toEqual(fail(422, ['The weight format is invalid.']));
    expect((await add(12.5, 'A')).body.data.pet.weight).toBe('12.5 lbs');
    expect((await add('12.5', 'B')).body.data.pet.weight).toBe('12.5 lbs');
    expect((await add(9999.99, 'C')).body.data.pet.weight).toBe('9999.99 lbs');
  });

  it('`integer` is FILTER_VALIDATE_INT: 16 to 19 digits are integers within 64 bits (then looked up: 404), one more is not', async () => {
    await h.addPet();
    for (const pet_id of ['1234567890123456', '9223372036854775807', '-9223372036854775808', 1234567890123456]) {
      const r = await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id });
      expect(r.body, String(pet_id)).toEqual(fail(404, ['Pet Not Found']));
    }
    for (const pet_id of ['9223372036854775808', '12345678901234567890']) {
      expect((await h.post('/api/v2/demo/pet/remove', { email: 'ann@example.com', pet_id })).body, pet_id).toEqual(fail(422, ['The pet id must be an integer.']));
    }
  });

  it('names: U+FEFF inside a name is not whitespace to PHP\'s /u regex (the character set refuses it); U+00A0 is', async () => {
    expect((await action({ first_name: 'Ann\uFEFFMarie' })).body).toEqual(fail(422, ['The first name format is invalid.']));
    expect((await action({ first_name: 'Ann\u00A0Marie', last_name: 'Lee\tJr' })).status).toBe(200);
  });

  it('A12 `type` takes the values B11 takes (monthly, yearly); anything else is "The selected type is invalid."', async () => {
    expect((await action({ type: 'weekly' })).body).toEqual(fail(422, ['The selected type is invalid.']));
    expect((await action({ type: 'yearly' })).status).toBe(200);
  });
});
