// Issue 35, finding 10: the owner page's API has one error boundary like the partner and control APIs. A bad
// %-escape in the address, a compressed (corrupt or not) body, an unknown Content-Encoding, a charset other than
// UTF-8, a body that is not JSON: each answers 400/415 with a JSON error and a sentence, before and after the
// token check, never 500 and never a stack trace on stderr. The page's own address answers a readable page.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
let sid: string;
let token: string;
let stderr: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
  const r = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  sid = r.body.data.channel;
  token = JSON.parse(r.body.data.stringify_response).rtcToken;
  stderr = vi.spyOn(console, 'error');
});
afterEach(async () => {
  stderr.mockRestore();
  await h.sim.close();
});

const ENCODING = { status: 415, code: 'unsupported_encoding', message: 'Send the message uncompressed: this API takes no Content-Encoding.' };
const CHARSET = { status: 415, code: 'unsupported_charset', message: 'Send the message as UTF-8 JSON (charset=utf-8, or no charset).' };
const TYPE = { status: 415, code: 'unsupported_media_type', message: 'Send the message as JSON: Content-Type: application/json.' };
const URL_ESCAPE = { status: 400, code: 'malformed_url', message: 'The address has a malformed %-escape.' };
const JSON_TEXT = Buffer.from('{"body":"Limping"}');

type Case = [what: string, headers: Record<string, string>, body: Buffer, expected: { status: number; code: string; message: string }];
const BODY_CASES: Case[] = [
  ['a corrupt gzip body', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, Buffer.from('not gzip at all'), ENCODING],
  ['a corrupt deflate body', { 'content-type': 'application/json', 'content-encoding': 'deflate' }, Buffer.from('not deflate'), ENCODING],
  ['a corrupt br body', { 'content-type': 'application/json', 'content-encoding': 'br' }, Buffer.from([0xff, 0xff, 0xff, 0xff]), ENCODING],
  ['a valid gzip body', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(JSON_TEXT), ENCODING],
  ['a valid deflate body', { 'content-type': 'application/json', 'content-encoding': 'deflate' }, deflateSync(JSON_TEXT), ENCODING],
  ['a valid br body', { 'content-type': 'application/json', 'content-encoding': 'br' }, brotliCompressSync(JSON_TEXT), ENCODING],
  ['an unknown encoding', { 'content-type': 'application/json', 'content-encoding': 'zstd' }, JSON_TEXT, ENCODING],
  ['an unknown charset', { 'content-type': 'application/json; charset=klingon' }, JSON_TEXT, CHARSET],
  ['a latin-1 charset', { 'content-type': 'application/json; charset=iso-8859-1' }, JSON_TEXT, CHARSET],
  ['text/plain', { 'content-type': 'text/plain' }, JSON_TEXT, TYPE],
  ['malformed JSON', { 'content-type': 'application/json' }, Buffer.from('{"body":'), { status: 400, code: 'malformed_json', message: 'Malformed JSON body.' }],
];

const post = (path: string, headers: Record<string, string>, body: Buffer, auth?: string) => {
  let r = h.http.post(path);
  for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
  if (auth) r = r.set('authorization', auth);
  return r.serialize((b: unknown) => b as string).send(body);
};
const messages = `/demo/main/talk-to-vet/api/consultations/`;
const ownerBodies = async () => ((await h.ctl.get(`/consultations/${sid}/messages`)).body.items as { author: string }[]).filter((m) => m.author === 'owner');

describe('the owner API error boundary', () => {
  it('answers every hostile body 4xx with a JSON sentence with a valid token, and 401 without one; stores nothing, logs nothing', async () => {
    for (const [what, headers, body, expected] of BODY_CASES) {
      const r = await post(`${messages}${sid}/messages`, headers, body, `Bearer ${token}`);
      expect([what, r.status, r.headers['content-type'], r.body]).toEqual([what, expected.status, 'application/json; charset=utf-8', { error: { code: expected.code, message: expected.message } }]);
      const anonymous = await post(`${messages}${sid}/messages`, headers, body);
      expect([what, anonymous.status, anonymous.body.error.code]).toEqual([what, 401, 'no_token']);
    }
    expect(await ownerBodies()).toEqual([]);
    expect(stderr).not.toHaveBeenCalled();
    // Still answering, and a plain message still goes through.
    expect((await post(`${messages}${sid}/messages`, { 'content-type': 'application/json' }, JSON_TEXT, `Bearer ${token}`)).status).toBe(201);
  });

  it('answers a bad %-escape in the sid or the app 400 malformed_url (JSON on the API, a readable page on the page itself)', async () => {
    for (const path of [`${messages}%E0%A4%A`, `${messages}%zz/messages`, '/%zz/main/talk-to-vet/api/consultations/x']) {
      for (const auth of [undefined, `Bearer ${token}`]) {
        const read = auth ? await h.http.get(path).set('authorization', auth) : await h.http.get(path);
        const write = await post(path.endsWith('/messages') ? path : `${path}/messages`, { 'content-type': 'application/json' }, JSON_TEXT, auth);
        for (const r of [read, write]) expect([path, r.status, r.body]).toEqual([path, URL_ESCAPE.status, { error: { code: URL_ESCAPE.code, message: URL_ESCAPE.message } }]);
      }
    }
    const page = await h.http.get('/%zz/main/talk-to-vet?data=x');
    expect([page.status, page.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
    expect(page.text).toContain('The address has a malformed %-escape.');
    expect(stderr).not.toHaveBeenCalled();
  });

  it('answers a body past the byte limit 413 with a sentence', async () => {
    const r = await post(`${messages}${sid}/messages`, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ body: ' '.repeat(40_000) })), `Bearer ${token}`);
    expect([r.status, r.body.error.code]).toEqual([413, 'too_large']);
    expect(r.body.error.message).toMatch(/^The request body is larger than any message can be \([\d,]+ bytes\)\.$/);
    expect(stderr).not.toHaveBeenCalled();
  });
});
