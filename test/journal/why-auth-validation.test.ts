// Issue 37, "the why of every failed partner call": a 401 and a 422 say why in the journal entry, for the tester
// only; the client's answer is unchanged, and no secret appears in the why.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { newestEntry, whole } from './why-helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
});
afterEach(async () => h.sim.close());

describe('the why of a 401', () => {
  it('a wrong password names the app and says the password differs, without the password', async () => {
    const r = await h.http.post('/api/v2/demo/register-user').set('authorization', basic('demo', 'demo-secreT')).send({ email: 'x@example.com' });
    expect(r.status).toBe(401);
    expect(r.body.message).toEqual(['Unauthenticated.']);
    expect(JSON.stringify(r.body)).not.toContain('differs'); // never sent to the client
    const e = await newestEntry(h);
    expect(e.status).toBe(401);
    expect(e.why?.summary).toBe("The password differs from app demo's API token.");
    expect(whole(e.why)).not.toContain('demo-secreT');
    expect(whole(e.why)).not.toContain('demo-secret');
    expect(e.why?.details.find((d) => d.label === 'Password')?.text).toMatch(/^11 characters received \(not shown\); app demo's API token has 11 characters/);
  });

  it('no header, a header that is not Basic, and an unknown username each say so', async () => {
    await h.http.post('/api/v2/demo/register-user').send({});
    expect((await newestEntry(h)).why?.summary).toBe('The request has no Authorization header.');
    await h.http.post('/api/v2/demo/register-user').set('authorization', 'Bearer abc').send({});
    expect((await newestEntry(h)).why?.summary).toBe('The Authorization header is malformed: its scheme is "Bearer", not Basic.');
    await h.http.post('/api/v2/demo/register-user').set('authorization', basic('nobody', 'demo-secret')).send({});
    expect((await newestEntry(h)).why?.summary).toBe('The username "nobody" is unknown: it is neither app demo\'s API username nor its id.');
  });
});

describe('the why of a 422', () => {
  it('on age: the rule, the value received and the form expected, from the schema', async () => {
    await h.registerUser();
    const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 yrs', sex: 'male', species: 'dog' });
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(['The age format is invalid.']);
    const e = await newestEntry(h);
    expect(e.why?.summary).toBe('Validation refused the field age.');
    const age = e.why?.details.find((d) => d.label === 'age');
    expect(age?.text).toContain('The age format is invalid.');
    expect(age?.text).toContain('Received: "2 yrs".');
    expect(age?.text).toContain('Expected: "<n> years" or "<n> years <m> months"');
  });

  it('a card number received where it does not belong is masked by its shape, as the journal masks it', async () => {
    await h.registerUser();
    await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '4111 1111 1111 1111', sex: 'male', species: 'dog' });
    const e = await newestEntry(h);
    expect(e.why?.details.find((d) => d.label === 'age')?.text).toMatch(/Received: ".*\*\*\*.*"\./);
    expect(whole(e.why)).not.toContain('4111 1111 1111 1111');
  });

  it('one detail per message, a secret masked, and an absent field said to be absent', async () => {
    const r = await h.http.post('/client/user/1/v2/register-user').send({ email: 'bad', password: 'x' });
    expect(r.status).toBe(422);
    const e = await newestEntry(h);
    expect(e.why?.details.length).toBeGreaterThanOrEqual((r.body.message as string[]).length);
    expect(e.why?.details.find((d) => d.label === 'email')?.text).toContain('Received: "bad".');
    expect(e.why?.details.find((d) => d.label === 'first_name')?.text).toContain('Received: nothing (the field was absent).');
    expect(whole(e.why)).not.toMatch(/Received: "x"/);
  });

  it('a body not read as JSON says why, first', async () => {
    await h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', 'application/json').send('{"email": ann');
    const e = await newestEntry(h);
    expect(e.status).toBe(422);
    expect(e.why?.summary).toMatch(/The body gave no input: see Body\.$/);
    expect(e.why?.details[0].label).toBe('Body');
    expect(e.why?.details[0].text).toMatch(/^The body was not valid JSON \(/);
  });
});
