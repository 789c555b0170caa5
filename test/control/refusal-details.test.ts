// Behaviour §12: every control API refusal is {error: {code, message, details: [{path, message}]}}: a validation
// refusal names each field it refuses in `details` (the UI shows each by its field, without reading the sentence
// apart), and every other refusal (a domain 409, a guard's 403, a 404) carries `details` too, empty.
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, makeSim, type Harness } from '../helpers';

let h: Harness;
afterEach(() => closeAll(h));

describe('a control API refusal', () => {
  it('of a body names each field that is wrong, path by path, and says them all in its message', async () => {
    h = await makeSim();
    const r = await h.ctl.put('/faults', { items: [{ endpoint: 'A8', status: 500 }, { endpoint: 'A8', status: 200, count: 0 }] });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      error: {
        code: 'invalid',
        message: '1.status: Too small: expected number to be >=400; 1.count: Too small: expected number to be >=1',
        details: [
          { path: '1.status', message: 'Too small: expected number to be >=400' },
          { path: '1.count', message: 'Too small: expected number to be >=1' },
        ],
      },
    });
  });

  it('of an app names the field of the list item it refuses', async () => {
    h = await makeSim();
    const r = await h.ctl.patch('/apps/1', { rate_limit_per_minute: -1, cors_allowed_origins: ['*', 'nope'] });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('invalid');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(['rate_limit_per_minute', 'cors_allowed_origins.1']);
    expect(r.body.error.message).toBe(r.body.error.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`).join('; '));
  });

  it("on the vet console's lean route says the field too", async () => {
    h = await makeSim();
    await h.registerUser();
    await h.addPet();
    const sid = await h.talk('video');
    const r = await h.ctl.post(`/consultations/${sid}/outcome`, { status: 'maybe' });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toEqual([{ path: 'status', message: expect.any(String) }]);
    expect(r.body.error.message).toBe(`status: ${r.body.error.details[0].message}`);
    expect((await h.ctl.get(`/consultations/${sid}`)).body.refusals).toEqual({
      accept: 'Only chats are accepted; record an outcome for a video call.', end: 'Only an accepted call can be ended; this call is ringing.', outcome: null,
    });
  });

  it("of the consultation's state (409) is the domain's sentence, with no details", async () => {
    h = await makeSim();
    await h.registerUser();
    await h.addPet();
    const sid = await h.talk('chat');
    expect((await h.ctl.post(`/consultations/${sid}/end`)).status).toBe(200);
    const r = await h.ctl.post(`/consultations/${sid}/end`);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: { code: 'conflict', message: 'Chat already ended', details: [] } });
    // The card says the same sentence for the console's disabled buttons: the UI keeps no copy of it.
    const card = (await h.ctl.get(`/consultations/${sid}`)).body;
    expect(card.refusals).toEqual({ accept: 'Chat is ended, not waiting.', end: 'Chat already ended', outcome: 'Call outcomes apply to video calls only.' });
    const app = await h.ctl.post('/apps', { name: 'demo' });
    expect(app.status).toBe(409);
    expect(app.body.error.details).toEqual([]);
  });

  it("of a guard (another site's page) and of an unknown route carries details, empty", async () => {
    h = await makeSim();
    const r = await h.http.post('/__sim/v1/reset').set('origin', 'https://evil.example').send({});
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { code: 'bad_origin', message: 'Cross-origin requests to the control API are refused.', details: [] } });
    const csrf = await h.http.post('/__sim/v1/clock').set('content-type', 'text/plain').send('{}');
    expect(csrf.status).toBe(415);
    expect(csrf.body.error.details).toEqual([]);
    const none = await h.ctl.get('/nothing-here');
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: { code: 'not_found', message: 'No such control route.', details: [] } });
  });

  it('of a body that is not JSON carries details, empty, on both routers', async () => {
    h = await makeSim();
    for (const path of ['/__sim/v1/clock', '/__sim/v1/reset']) {
      const r = await h.http.post(path).set('content-type', 'application/json').send('{"oops');
      expect(r.status, path).toBe(400);
      expect(r.body, path).toEqual({ error: { code: 'malformed_json', message: 'Malformed JSON body.', details: [] } });
    }
  });
});
