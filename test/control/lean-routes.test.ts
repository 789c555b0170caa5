// Issue 30: the vet console's actions (accept, end, outcome, feedback) and the reset run on plain node:http. The same calls
// through express's control API (controlApi, as before) must answer the same: status, body, the headers a
// client reads, and the HAR export's record of the call.
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { controlApi } from '../../src-main/core/control';
import { ControlCallLog } from '../../src-main/core/control/control-calls';
import { controlPort } from '../../src-main/core/domain/control-port';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { DEMO_AUTH } from '../helpers';

const sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});

type Send = (method: string, path: string, body?: string, type?: string | null) => Promise<{ status: number; body: unknown; headers: Record<string, string> }>;

/** A simulator driven either through its own handler (the lean routes) or through express's control API alone. */
async function driver(viaExpress: boolean): Promise<{ send: Send; calls: () => unknown[] }> {
  const sim = await createSimulator({ inMemory: true, random: () => 0, realNow: () => Date.UTC(2026, 0, 1) });
  sims.push(sim);
  const log = new ControlCallLog();
  const port = controlPort(sim.services, sim.ctx, { version: 't', journalCap: 1000, notices: [] });
  const controlOnly = express().use('/__sim/v1', controlApi(port, log));
  // The lean routes load on the first request that is not a partner's (express answers that one): loaded before the session.
  await request(sim.handle).get('/__sim/v1/clock');
  await new Promise((r) => setTimeout(r, 50));
  const send: Send = async (method, path, body, type = 'application/json') => {
    const target = viaExpress && /^\/__sim\/v1\/(consultations\/|reset)/.test(path) ? controlOnly : sim.handle;
    let req = request(target)[method.toLowerCase() as 'post'](path);
    if (!path.startsWith('/__sim')) req = req.set('authorization', DEMO_AUTH);
    if (type) req = req.set('content-type', type);
    const r = await (body === undefined ? req : req.send(body));
    const { 'content-type': ct, 'content-length': cl, 'cache-control': cc } = r.headers;
    return { status: r.status, body: r.body, headers: { ct, cl, cc } };
  };
  return { send, calls: () => (viaExpress ? log.list() : []).map((c) => ({ ...c, time: 0, duration_ms: 0 })) };
}

async function session(d: { send: Send }) {
  const out: unknown[] = [];
  const json = (x: object) => JSON.stringify(x);
  await d.send('POST', '/api/v2/demo/register-user', json({ first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' }));
  const pet = (await d.send('POST', '/api/v2/demo/pet/add', json({ email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' }))).body as { data: { pet: { id: number } } };
  const chat = (await d.send('POST', '/api/v2/demo/talk-to-vet', json({ email: 'ann@example.com', conversation_request: 'chat', pet_id: pet.data.pet.id }))).body as { data: { channel: string } };
  const video = (await d.send('POST', '/api/v2/demo/talk-to-vet', json({ email: 'ann@example.com', conversation_request: 'video', pet_id: pet.data.pet.id }))).body as { data: { channel: string } };
  const c = `/__sim/v1/consultations/${chat.data.channel}`;
  const v = `/__sim/v1/consultations/${video.data.channel}`;
  const steps: Parameters<Send>[] = [
    ['PUT', `${c}/feedback`, json({ recommendation: 'urgent', reason: 'x' })], // 409: not started
    ['POST', `${c}/accept`, '{}', 'text/plain'], // 415, the CSRF rule
    ['POST', `${c}/accept`, '{"oops', 'application/json'], // 400 malformed
    ['POST', `${c}/accept`, '"text"', 'application/json'], // 400: strict JSON
    ['POST', `${c}/accept`, undefined, null], // no body at all
    ['POST', `${c}/accept`, '{}'], // 409 now
    ['POST', `${v}/outcome`, json({ status: 'maybe' })], // 422
    ['POST', `${c}/outcome`, json({ status: 'accepted' })], // 409: a chat
    ['POST', `${v}/outcome`, json({ status: 'accepted' }), 'application/json; charset=utf-8'],
    ['PUT', `${c}/feedback`, json({ recommendation: 'whatever', reason: 'x' })], // 422
    ['PUT', `${c}/feedback`, json({ recommendation: 'Non-urgent', reason: 'Rest and fluids.' })],
    ['POST', `${c}/end`, ''],
    ['POST', `${v}/end`, '[]'],
    ['POST', '/__sim/v1/consultations/CHunknown/accept', '{}'], // 404
    ['POST', `${c}/accept?x=1`, '{}'],
    ['POST', '/__sim/v1/reset', '{"x'], // 400, nothing reset
    ['POST', `${c}/end`, '{}'], // 409: still there
    ['POST', '/__sim/v1/reset', '{}'],
    ['POST', `${c}/accept`, '{}'], // 404: reset
  ];
  for (const s of steps) out.push([s[0], s[1].replace(/CH\w+|RM\w+/, 'sid'), await d.send(...s)]);
  return out;
}

describe('vet-console actions on plain node:http', () => {
  it('answer as express did: statuses, bodies, content-type, content-length, cache-control, and the HAR record', async () => {
    const lean = await driver(false);
    const viaExpress = await driver(true);
    const leanOut = await session(lean);
    const expressOut = await session(viaExpress);
    expect(leanOut).toEqual(expressOut);
    const statuses = leanOut.map((x) => ((x as unknown[])[2] as { status: number }).status);
    expect(statuses).toEqual([409, 415, 400, 400, 200, 409, 422, 409, 200, 422, 200, 200, 200, 404, 409, 400, 409, 200, 404]);
    // The lean routes record into the simulator's own log, which the HAR export reads.
    const har = await request(sims[0].handle).get('/__sim/v1/requests.har?control=include');
    const leanCalls = (har.body.log.entries as { request: { url: string; method: string } }[]).filter((e) => e.request.url.includes('/__sim/v1/'));
    const expressCalls = viaExpress.calls() as { url: string; method: string }[];
    expect(leanCalls.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}${new URL(e.request.url).search}`)).toEqual(expressCalls.map((c) => `${c.method} ${c.url}`));
  });
});
