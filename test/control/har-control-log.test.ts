// Issue 35 findings 9 and 12: the control-call log kept for the HAR export (control-calls.ts) holds only calls that
// were taken (2xx), each body cut at 64 KiB and masked as the journal masks partner bodies, within a byte budget;
// an export without `credentials=include` carries no bearer token (`rtcToken`, `token`, also the one inside A8's
// `stringify_response`), and with it, the calls as sent.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactBearerTokens } from '../../src-main/core/control/bearer-redaction';
import { BODY_CAP, ControlCallLog, recordWhenAnswered } from '../../src-main/core/control/control-calls';
import { makeSim, type Harness } from '../helpers';

interface HarEntry { request: { method: string; url: string; postData?: { text?: string } }; response: { content: { text?: string } }; comment: string }
let h: Harness;
beforeEach(async () => {
  h = await makeSim();
});
afterEach(async () => h.sim.close());

const har = async (query: string) => (await h.http.get(`/__sim/v1/requests.har${query}`)).body.log.entries as HarEntry[];
const controlEntries = async (query = '') => (await har(`?control=include${query}`)).filter((e) => e.comment.startsWith('control API'));

/** A finished control call as express or the lean routes report it. */
function answered(log: ControlCallLog, status: number, body: string, url = '/__sim/v1/faults') {
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ServerResponse;
  recordWhenAnswered(log, res, { started: Date.now(), afterJournalId: 0, method: 'PUT', url, contentType: 'application/json', body: () => body, reset: false });
  res.emit('finish');
}

describe('the control-call log', () => {
  it('keeps nothing of 200 calls of 1 MB to a route that does not exist', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(1_000_000) });
    for (let i = 0; i < 200; i++) {
      const r = await h.http.post('/__sim/v1/no-such-route').set('content-type', 'application/json').send(big);
      expect(r.status).toBe(404);
    }
    expect(await controlEntries()).toEqual([]);
  }, 120_000);

  it('keeps no refused call (404 unknown consultation, 422 invalid faults), and keeps the call that was taken', async () => {
    expect((await h.ctl.post('/consultations/CH00000000000000000000000000000000/accept')).status).toBe(404);
    expect((await h.ctl.put('/faults', [{ endpoint: 'A8', status: 99 }])).status).toBe(422);
    expect((await h.ctl.put('/faults', [])).status).toBe(200);
    expect((await controlEntries()).map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`)).toEqual(['PUT /__sim/v1/faults']);
  });

  it('cuts a body at 64 KiB (never half a character) and says so; stays within its byte budget whatever is sent', () => {
    const log = new ControlCallLog();
    answered(log, 200, JSON.stringify({ note: 'é'.repeat(100_000) }));
    const [call] = log.list();
    expect(call.body_cut).toBe(true);
    expect(Buffer.byteLength(call.body!)).toBeLessThanOrEqual(BODY_CAP);
    expect(call.body!.endsWith('é')).toBe(true);
    const mb = JSON.stringify({ pad: 'y'.repeat(1_000_000) });
    for (let i = 0; i < 400; i++) answered(log, 200, mb);
    expect(log.size()).toBeLessThanOrEqual(16 * 1024 * 1024);
    expect(log.list().length).toBeLessThan(260); // 16 MiB of 64 KiB bodies
    for (const status of [400, 404, 413, 422, 500, 503]) answered(log, status, '{}');
    expect(log.list().every((c) => c.status === 200)).toBe(true);
  });
});

describe('HAR exports and credentials', () => {
  it('masks card number, CVC, password and api_key in control bodies like partner bodies, unless credentials=include', async () => {
    await h.registerUser();
    await h.addPet();
    const sid = await h.talk('chat');
    expect((await h.ctl.post(`/consultations/${sid}/accept`)).status).toBe(200);
    const text = 'My card is 4242 4242 4242 4242';
    expect((await h.ctl.post(`/consultations/${sid}/messages`, { author: 'owner', body: text })).status).toBe(201);
    const patched = await h.ctl.patch('/apps/1', { api_key: 'live-key-123' });
    expect(patched.status).toBe(200);

    const masked = JSON.stringify(await controlEntries());
    expect(masked).toContain('/messages');
    expect(masked).not.toContain('4242 4242 4242 4242');
    expect(masked).not.toContain('live-key-123');
    expect(masked).toContain('***');
    const asSent = JSON.stringify(await controlEntries('&credentials=include'));
    expect(asSent).toContain('4242 4242 4242 4242');
    expect(asSent).toContain('live-key-123');
  });

  it("redacts A8's rtcToken, also inside stringify_response, unless credentials=include", async () => {
    await h.registerUser();
    await h.addPet();
    await h.talk('chat');
    const a8 = (entries: HarEntry[]) => entries.find((e) => e.request.url.endsWith('/talk-to-vet'))!.response.content.text!;
    const plain = a8(await har(''));
    expect(plain).toContain('stringify_response');
    expect(plain).not.toMatch(/eyJ[A-Za-z0-9_-]+\./); // no JWT anywhere
    expect(plain).toContain('\\"rtcToken\\":\\"***\\"');
    const full = a8(await har('?credentials=include'));
    expect(full).toMatch(/\\"rtcToken\\":\\"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\\"/);
  });

  it('finds every written form of the two fields, also in cut or invalid JSON, and leaves other fields alone', () => {
    expect(redactBearerTokens('{"token":"a.b.c","device_token":"tok-1","x":{"rtcToken" : "d.e.f"}}')).toBe(
      '{"token":"***","device_token":"tok-1","x":{"rtcToken" : "***"}}',
    );
    expect(redactBearerTokens('{"s":"{\\"rtcToken\\":\\"a.b.c\\",\\"n\\":1}"}')).toBe('{"s":"{\\"rtcToken\\":\\"***\\",\\"n\\":1}"}');
    expect(redactBearerTokens('{"s":"{\\\\\\"token\\\\\\":\\\\\\"x.y\\\\\\"}"}')).toBe('{"s":"{\\\\\\"token\\\\\\":\\\\\\"***\\\\\\"}"}');
    expect(redactBearerTokens('{"data":{"token":"abc.def')).toBe('{"data":{"token":"***"'); // a body cut in the middle of a token
    expect(redactBearerTokens('{"token":null,"mytoken":"keep"}')).toBe('{"token":null,"mytoken":"keep"}');
  });
});
