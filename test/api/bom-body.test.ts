// Issue 35 #18: a JSON body that starts with a UTF-8 byte-order mark is malformed JSON to PHP's json_decode
// (it takes no BOM), so Laravel reads it as empty input and answers the rules' 422 for empty input. A partner
// whose tool writes a BOM must fail here as it will in production; the journal says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { A2_EMPTY_INPUT, A2_PET, asIs, newestEntry } from './partner-journal';

let h: Harness;
beforeAll(async () => {
  h = await makeSim();
  await h.registerUser();
});
afterAll(async () => h.sim.close());

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const send = (contentType: string, bytes: Buffer) =>
  h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', contentType).serialize(asIs).send(bytes);

describe('a BOM before JSON (json_decode refuses it)', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'])('%s: 422 as for empty input; the journal keeps the mark and says why', async (type) => {
    const r = await send(type, Buffer.concat([BOM, Buffer.from(JSON.stringify(A2_PET))]));
    expect(r.status).toBe(422);
    expect(r.body).toEqual(A2_EMPTY_INPUT);
    const entry = await newestEntry(h);
    expect(entry.request_body).toBe(`\ufeff${JSON.stringify(A2_PET)}`);
    expect(entry.error).toBe("The body was not valid JSON (it starts with a UTF-8 byte-order mark, which PHP's json_decode refuses); it was read as empty input, as Laravel does.");
  });

  it('a BOM alone is no input either, and nothing was added', async () => {
    expect((await send('application/json', BOM)).body).toEqual(A2_EMPTY_INPUT);
    expect((await h.get('/api/v2/demo/pet/list?email=ann@example.com')).body.data.list).toEqual([]);
  });

  it('the same JSON without the mark is read', async () => {
    const r = await send('application/json', Buffer.from(JSON.stringify(A2_PET)));
    expect(r.status).toBe(200);
    expect(r.body.data.pet.name).toBe('Rex');
  });
});
