// The control API's refusals as the UI's forms show them (behaviour §12): each detail `{path, message}` by the field
// its path names, in the simulator's words as sent; the rest under the form, and a refusal of no field whole. The
// refusals come from a real simulator through the UI's own transport (api.ts: the generated control client), so the shape the server sends is the
// shape the forms read; nothing takes a "path: message" sentence apart any more.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { ApiError, control } from '../../src-renderer/src/api';
import { detailFor, namesField } from '../../src-renderer/src/screens/settings/refusals';
import { refusalErrors } from '../../src-renderer/src/screens/settings/fault-rule-form';

// The forms' modules reach the store, which reads the address when it loads.
let refusalOf: typeof import('../../src-renderer/src/screens/settings/Field').refusalOf;
let refusedField: typeof import('../../src-renderer/src/screens/holds/arm-checks').refusedField;
let sim: Simulator;
beforeAll(async () => {
  vi.stubGlobal('location', { hash: '' });
  ({ refusalOf } = await import('../../src-renderer/src/screens/settings/Field'));
  ({ refusedField } = await import('../../src-renderer/src/screens/holds/arm-checks'));
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  // The UI's fetch of /__sim/v1/…, answered by the handler a listening simulator serves.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const r = await request(sim.handle)[(init.method ?? 'GET').toLowerCase() as 'post'](url)
      .set({ 'content-type': 'application/json' }).send(typeof init.body === 'string' ? init.body : undefined);
    return new Response(r.text, { status: r.status, headers: { 'content-type': r.headers['content-type'] ?? 'text/plain' } });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await sim?.close();
});

/** A call of the UI's client with a body the forms may send wrong on purpose (the server refuses it, not the compiler). */
const withBody = (call: (input: never) => Promise<unknown>, input: object, body: unknown) => call({ ...input, body } as never);

/** The ApiError the UI's transport throws for this call. */
async function refusal(call: () => Promise<unknown>): Promise<ApiError> {
  const err = await call().then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('a refusal as the UI receives it', () => {
  it('carries the details the simulator sent, each with its path', async () => {
    const e = await refusal(() => withBody(control.updateApp, { params: { id: '1' } }, { rate_limit_per_minute: -1, cors_allowed_origins: ['*', 'nope'] }));
    expect(e.status).toBe(422);
    expect(e.details.map((d) => d.path)).toEqual(['rate_limit_per_minute', 'cors_allowed_origins.1']);
    expect(e.details.every((d) => typeof d.message === 'string' && d.message.length > 0)).toBe(true);
  });

  it('knows a field and the items of its list, not a field of the same start', () => {
    expect(namesField('cors_allowed_origins', 'cors_allowed_origins')).toBe(true);
    expect(namesField('cors_allowed_origins.12', 'cors_allowed_origins')).toBe(true);
    expect(namesField('cors_allowed_origins.x', 'cors_allowed_origins')).toBe(false);
    expect(namesField('names', 'name')).toBe(false);
  });
});

describe("an app's fields", () => {
  it('each show the detail of their own field, as sent', async () => {
    const e = await refusal(() => withBody(control.updateApp, { params: { id: '1' } }, { rate_limit_per_minute: -1, cors_allowed_origins: ['*', 'nope'] }));
    expect(refusalOf(e, 'rate_limit_per_minute')).toBe(e.details[0].message);
    expect(refusalOf(e, 'cors_allowed_origins')).toBe(e.details[1].message);
    expect(detailFor(e, 'name')).toBeUndefined();
  });

  it('show a refusal of no field (a 409) whole, as the simulator said it', async () => {
    const e = await refusal(() => withBody(control.createApp, {}, { name: 'demo' }));
    expect(e.status).toBe(409);
    expect(e.details).toEqual([]);
    expect(refusalOf(e, 'name')).toBe(e.message);
    expect(refusalOf(e, 'name')).toBe('An app named demo already exists.');
  });

  it('never read a field out of the sentence: a message that starts with a path but has no details stays whole', () => {
    expect(refusalOf(new ApiError(422, 'invalid', 'name: taken', []), 'name')).toBe('name: taken');
    expect(refusalOf(new Error('Failed to fetch'), 'name')).toBe('Failed to fetch');
  });
});

describe('the fault-rule form', () => {
  it("puts each detail of the rule it added by that field, in the simulator's words", async () => {
    const e = await refusal(() => withBody(control.putFaults, {}, { items: [{ endpoint: 'A8', status: 500 }, { endpoint: 'A8', status: 200, count: 0 }] }));
    const [status, count] = e.details;
    expect([status.path, count.path]).toEqual(['1.status', '1.count']);
    expect(refusalErrors(e, 1)).toEqual({ fields: { status: status.message, count: count.message }, form: undefined });
  });

  it("keeps what names no field of that rule under the form, path and all; a refusal with no details whole", async () => {
    const e = await refusal(() => withBody(control.putFaults, {}, { items: [{ endpoint: 'A8', status: 200, count: 0 }] }));
    expect(refusalErrors(e, 1)).toEqual({ fields: {}, form: e.details.map((d) => `${d.path}: ${d.message}`).join('; ') });
    expect(refusalErrors(new ApiError(400, 'malformed_json', 'Malformed JSON body.'), 0)).toEqual({ fields: {}, form: 'Malformed JSON body.' });
  });
});

describe('the arm-a-hold form', () => {
  it('puts a refusal by the field its detail names, as sent', async () => {
    const count = await refusal(() => withBody(control.armHold, {}, { endpoint: 'A8', count: 5000 }));
    expect(refusedField(count)).toEqual({ field: 'count', error: count.details[0].message });
    const timeout = await refusal(() => withBody(control.armHold, {}, { endpoint: 'A8', timeout_ms: -1 }));
    expect(refusedField(timeout)).toEqual({ field: 'timeout_s', error: timeout.details[0].message });
    const match = await refusal(() => withBody(control.armHold, {}, JSON.parse('{"endpoint":"A8","match":{"__proto__":"x"}}')));
    expect(refusedField(match)).toEqual({ field: 'match', error: 'match keys cannot be __proto__, constructor or prototype' });
  });

  it('names no field for a refusal of no field of its own', () => {
    expect(refusedField(new ApiError(409, 'too_many_holds', 'At most 100 holds may be armed at once; remove some first.'))).toBeUndefined();
    expect(refusedField(new ApiError(422, 'invalid', 'match.pet_id: odd', [{ path: 'match.pet_id', message: 'odd' }]))).toBeUndefined();
    expect(refusedField(new ApiError(422, 'invalid', 'constructor: odd', [{ path: 'constructor', message: 'odd' }]))).toBeUndefined();
  });
});
