// Holds from a test (issue 27): `sim.holds.next('A8')` arms a one-shot hold and resolves once a request is
// held; each decision gives the waiting partner call exactly what was decided.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError, startSimulator, type RunningSimulator } from '../../src-main/api';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
});
afterAll(async () => sim.close());

async function partner(path: string, body: object) {
  const r = await fetch(`${sim.url}/api/v2/demo${path}`, {
    method: 'POST', headers: { authorization: sim.credentials.authorization, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return { status: r.status, headers: r.headers, body: await r.json() };
}
const talk = () => partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });

describe('sim.holds.next', () => {
  it('fail(503): the app sees the 503 with the message, and no consultation exists; the next A8 is not held', async () => {
    const heldNext = sim.holds.next('A8');
    await heldNext.armed; // the hold is in force before the call is sent
    const waiting = talk();
    const held = await heldNext;
    expect(held.request).toMatchObject({ endpoint: 'A8', app: 'demo', method: 'POST', path: '/api/v2/demo/talk-to-vet' });
    expect(await held.fail(503, 'Maintenance')).toMatchObject({ decision: 'fail', status: 503, by: 'control_api' });
    expect((await waiting).body).toEqual({ success: false, status_code: 503, message: ['Maintenance'], data: [] });
    expect(await sim.consultations.list()).toEqual([]);
    expect(await sim.holds.list()).toEqual([]);
    expect((await talk()).status).toBe(200);
  });

  it('release({ vet_id }), respond(envelope) and close() from the test', async () => {
    let next = sim.holds.next('A8');
    await next.armed;
    let waiting = talk();
    // Not vet_2: the first test's chat, still waiting, has it (drawn from seed 0 and consultation number 1).
    await (await next).release({ vet_id: 'vet_3' });
    const released = await waiting;
    expect(released.status).toBe(200);
    expect((await sim.consultations.get(released.body.data.channel)).vet?.id).toBe('vet_3');

    next = sim.holds.next('A8');
    await next.armed;
    waiting = talk();
    await (await next).respond({ status: 202, message: ['Queued.'], data: { queued: true } });
    expect((await waiting).body).toEqual({ success: true, status_code: 202, message: ['Queued.'], data: { queued: true } });

    next = sim.holds.next('A8');
    await next.armed;
    const closed = talk().then(() => 'answered', () => 'closed');
    expect(await (await next).close()).toMatchObject({ decision: 'close', status: 444 });
    expect(await closed).toBe('closed');
  });

  it('with nothing to hold, next() rejects after timeoutMs and disarms its hold', async () => {
    const started = Date.now();
    const err = await sim.holds.next('A10', { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ControlApiError);
    expect((err as ControlApiError).message).toBe('No A10 request was held within 300 ms.');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await sim.holds.list()).toEqual([]);
  });
});

describe('sim.holds.next, awaited only as far as armed', () => {
  it('leaves no unhandled rejection when nothing is held and only `armed` was awaited', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const next = sim.holds.next('A10', { timeoutMs: 200 });
      expect((await next.armed).endpoint).toBe('A10');
      await new Promise((r) => setTimeout(r, 800)); // the held call has timed out meanwhile (408), unawaited
      expect(unhandled).toEqual([]);
      await expect(next).rejects.toThrow('No A10 request was held within 200 ms.'); // awaiting it still sees why
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
