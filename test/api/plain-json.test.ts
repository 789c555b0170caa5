// The usual JSON body is read without body-parser (http/plain-json.ts). Whatever a partner sends, the
// answer must be the one body-parser's path gives: the same bodies are sent as `application/json`
// (the lean reader) and as `application/vnd.partner+json` (body-parser, as Laravel reads `+json` too).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPlainJson } from '../../src-main/core/http/plain-json';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
});
afterEach(async () => h.sim.close());

const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const BODIES: [string, string][] = [
  ['a pet', JSON.stringify({ email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' })],
  ['a byte-order mark', '\uFEFF' + JSON.stringify({ email: 'ann@example.com', name: 'Bom', age: '1 years', sex: 'female', species: 'cat' })],
  ['unicode and padding', JSON.stringify({ email: ' ann@example.com ', name: ' Léa 李 🐶 ', age: '3', sex: 'female', species: 'dog' })],
  ['an empty body', ''],
  ['an empty object', '{}'],
  ['a bare value', '42'],
  ['an array', '[1,2]'],
  ['malformed JSON', '{"email": "ann@example.com",'],
  ['too deep', deep(80)],
  ['a null name', JSON.stringify({ email: 'ann@example.com', name: null, age: '2', sex: 'male', species: 'dog' })],
];

/** What a partner sees of an answer, ids and times aside. */
function seen(r: { status: number; body: { message?: unknown; data?: { pet?: Record<string, unknown> } } }) {
  const pet = r.body.data?.pet ? { ...r.body.data.pet, id: 0, pet_id: 0, created_at: '', updated_at: '', pivot: undefined } : undefined; // the first pet is the default one
  return { status: r.status, message: r.body.message, pet };
}

describe('a JSON body read by the lean reader answers as body-parser does', () => {
  for (const [what, text] of BODIES) {
    it(what, async () => {
      const send = (type: string) => h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', type).send(text);
      const lean = await send('application/json');
      const parser = await send('application/vnd.partner+json');
      expect(seen(lean)).toEqual(seen(parser));
      expect(lean.status).not.toBe(500);
    });
  }

  it('takes only the plain case: anything else goes to body-parser', () => {
    const req = (headers: Record<string, string>) => ({ headers }) as never;
    expect(isPlainJson(req({ 'content-type': 'application/json', 'content-length': '10' }))).toBe(true);
    expect(isPlainJson(req({ 'content-type': 'application/json; Charset="UTF-8"', 'content-length': '10' }))).toBe(true);
    // Not JSON to Laravel at all (its isJson() is case-sensitive): see laravel-input.test.ts.
    expect(isPlainJson(req({ 'content-type': 'Application/JSON; charset=UTF-8', 'content-length': '10' }))).toBe(false);
    expect(isPlainJson(req({ 'content-type': 'application/json; charset=latin1', 'content-length': '10' }))).toBe(false);
    expect(isPlainJson(req({ 'content-type': 'application/json', 'content-length': '10', 'content-encoding': 'gzip' }))).toBe(false);
    expect(isPlainJson(req({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }))).toBe(false);
    expect(isPlainJson(req({ 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }))).toBe(false);
    expect(isPlainJson(req({ 'content-type': 'text/plain', 'content-length': '10' }))).toBe(false);
  });
});
