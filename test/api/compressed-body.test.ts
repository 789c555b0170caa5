// Issue 35 #16: partner request bodies are never decompressed. PHP behind nginx/php-fpm never decodes a
// request Content-Encoding (neither PHP, Symfony's Request::getContent() nor php-fpm does), so a compressed
// JSON body reaches json_decode as its bytes: malformed JSON, read as empty input (Laravel's 422 for empty
// input), whatever the encoding, known, unknown or corrupt — never 415, never 500. The control API is ours,
// not Laravel's, and still inflates.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
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
const send = (encoding: string, bytes: Buffer, path = '/api/v2/demo/pet/add') =>
  h.http.post(path).set('authorization', DEMO_AUTH).set('content-type', 'application/json').set('content-encoding', encoding).serialize(asIs).send(bytes);

describe('a compressed partner body is read as the bytes sent (PHP decodes no request Content-Encoding)', () => {
  it.each([
    ['gzip', gzipSync(json)],
    ['deflate', deflateSync(json)],
    ['br', brotliCompressSync(json)],
    ['x-gzip', gzipSync(json)],
    ['compress', gzipSync(json)],
    ['zstd', gzipSync(json)],
    ['snappy', gzipSync(json)],
    ['GZIP', gzipSync(json)],
    ['gzip (corrupt)', Buffer.concat([gzipSync(json).subarray(0, 12), Buffer.from('not the rest of it')])],
    ['br (corrupt)', Buffer.from('definitely not brotli')],
  ])('%s: 422 as for empty input, and the journal says why', async (label, bytes) => {
    const encoding = label.split(' ')[0];
    const r = await send(encoding, bytes);
    expect(r.status).toBe(422);
    expect(r.body).toEqual(A2_EMPTY_INPUT);
    const entry = await newestEntry(h);
    expect(entry.request_bytes).toBe(bytes.length);
    expect(entry.error).toMatch(new RegExp(`^The body was sent with Content-Encoding ${encoding}; the service does not decode request bodies \\(neither PHP, Symfony nor php-fpm does\\), so it was read as the bytes sent, which are not valid JSON \\(.+\\); it was read as empty input, as Laravel does\\.$`));
  });

  it('the query string still counts, as Laravel merges it with the (empty) body input', async () => {
    const r = await send('gzip', gzipSync(json), '/api/v2/demo/pet/add?email=ann@example.com&name=Rex');
    expect(r.body).toEqual({ ...A2_EMPTY_INPUT, message: ['The age field is required.', 'The sex field is required.'] });
  });

  it('a body labelled gzip that is plain JSON is read as the JSON it is (the label is ignored, not obeyed)', async () => {
    const r = await send('gzip', Buffer.from(json));
    expect(r.status).toBe(200);
    expect(r.body.data.pet.name).toBe('Rex');
  });

  it('the control API still inflates a gzip body (body-parser, ours)', async () => {
    const r = await h.http.post('/__sim/v1/clock').set('content-type', 'application/json').set('content-encoding', 'gzip').serialize(asIs).send(gzipSync('{"advance_seconds":1}'));
    expect(r.status).toBe(200);
  });
});
