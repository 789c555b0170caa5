// Issue 35 #24: JSON sent without a JSON Content-Type (fetch with a string body sends text/plain) gives no
// input, as Laravel's Request::isJson() (`/json` or `+json` in the Content-Type, case-sensitive) reads it,
// so the rules' empty-input 422 stands; but the journal keeps the body as text (masked) and says why it
// was not read, as it already did for malformed JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { A2_EMPTY_INPUT, A2_PET, asIs, newestEntry } from './partner-journal';

let h: Harness;
beforeAll(async () => {
  h = await makeSim();
  await h.registerUser();
});
afterAll(async () => h.sim.close());

const json = JSON.stringify(A2_PET);
const post = (contentType: string | undefined, body: string) => {
  const r = h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH);
  return (contentType === undefined ? r : r.set('content-type', contentType)).serialize(asIs).send(Buffer.from(body));
};

describe('a body not read as JSON is journaled with its reason', () => {
  it.each([
    ['text/plain;charset=UTF-8', 'its Content-Type is text/plain;charset=UTF-8'],
    ['Application/JSON', 'its Content-Type is Application/JSON'],
    ['application/octet-stream', 'its Content-Type is application/octet-stream'],
  ])('%s: 422 as for empty input; the journal keeps the text and says why', async (type, what) => {
    const r = await post(type, json);
    expect(r.status).toBe(422);
    expect(r.body).toEqual(A2_EMPTY_INPUT);
    const entry = await newestEntry(h);
    expect(entry.request_body).toBe(json);
    expect(entry.error).toBe(
      `The body was not read as JSON: ${what}, and Laravel reads a body as JSON only when its Content-Type contains "/json" or "+json" (Request::isJson(), case-sensitive); the input is the query string alone.`,
    );
  });

  it('a card number in such a body is masked in the journal, as in a JSON body', async () => {
    await post('text/plain', JSON.stringify({ number: '4242424242424242', cvc: '123' }));
    const entry = await newestEntry(h);
    expect(entry.request_body).not.toContain('4242424242424242');
    expect(entry.error).toMatch(/^The body was not read as JSON: its Content-Type is text\/plain,/);
  });

  it('a form body on a GET is not read (getInputSource() takes the query there), and the journal says so', async () => {
    const r = await h.http.get('/api/v2/demo/pet/list').set('authorization', DEMO_AUTH).set('content-type', 'application/x-www-form-urlencoded').send('email=ann%40example.com');
    expect(r.status).toBe(422);
    expect(r.body.message).toEqual(['The email field is required.']);
    const entry = await newestEntry(h);
    expect(entry.request_body).toBe('email=ann%40example.com');
    expect(entry.error).toBe('The body was not read: on GET Laravel takes its input from the query string alone (Request::getInputSource()), whatever the Content-Type.');
  });

  it('a JSON body is read, with no note', async () => {
    expect((await post('application/json', json)).status).toBe(200);
    expect((await newestEntry(h)).error).toBeNull();
  });
});
