// Issue 35 #19 (charset): Laravel's Request::isJson() looks at the media type only (`/json` or `+json`), and
// json_decode reads the bytes as UTF-8 whatever the Content-Type says; so a `charset` parameter on a JSON
// body is ignored — never 415. Bytes that are not UTF-8 (a real Latin-1 é) are malformed to json_decode:
// empty input, and the journal says so, naming the ignored charset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { A2_EMPTY_INPUT, A2_PET, asIs, newestEntry } from './partner-journal';

let h: Harness;
beforeAll(async () => {
  h = await makeSim();
  await h.registerUser();
});
afterAll(async () => h.sim.close());

const send = (contentType: string, bytes: Buffer) =>
  h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', contentType).serialize(asIs).send(bytes);

describe('the charset of a JSON Content-Type is ignored (isJson() reads the media type only)', () => {
  it.each(['utf8', 'UTF-8', 'iso-8859-1', 'us-ascii', 'windows-1252', 'utf-16', 'klingon', '"latin1"'])('charset=%s: the UTF-8 JSON is read, 200', async (charset) => {
    const r = await send(`application/json; charset=${charset}`, Buffer.from(JSON.stringify({ ...A2_PET, name: 'Rexé' })));
    expect(r.status).toBe(200);
    expect(r.body.data.pet.name).toBe('Rexé');
    expect((await newestEntry(h)).error).toBeNull();
  });

  it('Latin-1 bytes labelled iso-8859-1 are not UTF-8: empty input (json_decode: malformed UTF-8), and the journal says why', async () => {
    const r = await send('application/json; charset=iso-8859-1', Buffer.from(JSON.stringify({ ...A2_PET, name: 'Rexé' }), 'latin1'));
    expect(r.status).toBe(422);
    expect(r.body).toEqual(A2_EMPTY_INPUT);
    expect((await newestEntry(h)).error).toBe(
      "The body was not valid JSON (its bytes are not valid UTF-8, which PHP's json_decode refuses); it was read as empty input, as Laravel does. " +
        "Its charset=iso-8859-1 was ignored: Laravel's isJson() looks at the media type only, and json_decode reads UTF-8.",
    );
  });

  it('a urlencoded body with a charset Node cannot decode is read as UTF-8, not refused (PHP parses the bytes)', async () => {
    const r = await h.http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).set('content-type', 'application/x-www-form-urlencoded; charset=klingon')
      .send('email=ann%40example.com&name=Tom&age=1%20years&sex=male');
    expect(r.status).toBe(200);
    expect(r.body.data.pet.name).toBe('Tom');
  });
});
