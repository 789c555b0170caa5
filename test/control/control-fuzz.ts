// Fuzzing the control API's bodies (issue 29 acceptance): clock, faults, apps, packages, vets, autopilot get
// generated values — near-valid documents as well as wrong types, edge numbers, dates past 9999, huge and
// strange strings. Every answer must be JSON below 500; a partner request between control calls must be
// answered (a bad stored value once killed the process on the next partner request); and afterwards the data
// folder starts again and a partner request answers 200. Shared by the quick run in `npm test`
// (control-fuzz.test.ts) and the long one in the reliability suite.
import fc from 'fast-check';
import { expect } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

const edgeNumber = fc.constantFrom(0, -0, -1, 1, 0.5, 59, 60, 399, 400, 599, 600, 1e300, -1e300, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e-300, 86400 * 3650, 86400 * 3651);
const dateText = fc.oneof(
  fc.constantFrom(
    '+275760-09-13T00:00:00Z', '20261-01-01', '9999-12-31T23:59:59.999Z', '10000-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '1969-12-31T23:59:59Z',
    '2026-02-30', '2026-13-01', '0000-01-01', '2026-01-01T25:00:00Z', '2026-01-01', 'now', '', ' ', 'T', '2026-01-01T00:00:00+14:00', '9999-12-31T23:59:59-12:00',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '😀', 'a'.repeat(5000), '__proto__', 'constructor', '{vet.first_name}', '{vet.nope}', '5m', '1.5h', '0s', '99999d', 'A8', '*', 'B11', 'C1'),
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text, edgeNumber, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), dateText,
    fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;
/** A value for a known key: mostly plausible for it, sometimes anything. */
const either = <T>(plausible: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });
const name = fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) }, { weight: 1, arbitrary: text });
/** An object of some of `fields`; now and then with a key no schema knows (strict ones refuse it). */
const stray = fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('x', '__proto__', 'constructor', 'id'), anyValue, { minKeys: 1, maxKeys: 1 }) });
const record = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.tuple(fc.record(fields, { requiredKeys: [] }), stray).map(([a, b]) => ({ ...b, ...a }));

const clockBody = fc.oneof(
  record({ advance_seconds: either(fc.oneof(edgeNumber, fc.integer({ min: -1000, max: 1000 }))) }),
  record({ advance: either(fc.constantFrom('5m', '1h', '10d', '3650d', '3651d', '0ms', '1.5h', '5 minutes')) }),
  record({ advance_to: either(fc.constant('next_step')) }),
  record({ set: either(dateText) }),
  record({ frozen: either(fc.boolean()) }),
  record({ real_time: either(fc.constant(true)) }),
  anyValue,
);
const faultRule = record({
  id: either(text), endpoint: either(fc.constantFrom('A1', 'A8', 'B9', '*', 'A99', 'C1', 'a8')), method: either(fc.constantFrom('GET', 'POST', 'PUT')),
  // Small delays only: a valid 60 s delay is allowed, but would hold the partner requests between calls.
  delay_ms: either(fc.integer({ min: 0, max: 50 })).filter((v) => typeof v !== 'number' || v <= 50 || v > 60000 || !Number.isInteger(v)),
  status: either(fc.oneof(fc.integer({ min: 390, max: 610 }), edgeNumber)), message: either(text),
  probability: either(fc.oneof(fc.double({ min: -0.5, max: 1.5, noNaN: true }), edgeNumber)), count: either(fc.oneof(fc.integer({ min: -1, max: 3 }), fc.constant(null))),
});
const faultsBody = fc.oneof(fc.array(faultRule, { maxLength: 4 }).map((items) => ({ items })), fc.array(faultRule, { maxLength: 4 }), anyValue);
const slug = fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9-]{1,12}$/), text);
const rateLimit = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 1000 }) }, { weight: 1, arbitrary: edgeNumber });
const appCreate = record({ name: either(slug), display_name: either(name), rate_limit_per_minute: either(rateLimit) });
const appPatch = record({
  display_name: either(name), api_username: either(fc.oneof(fc.stringMatching(/^[a-z]{1,10}$/), fc.constant('demo'), text)), rate_limit_per_minute: either(rateLimit),
  cors_allowed_origins: either(fc.array(fc.oneof(fc.constantFrom('*', 'http://localhost:3000', 'https://*.example.com', 'ftp://x', 'http://a/b'), text), { maxLength: 3 })),
});
const packageBody = record({ name: either(name), type: either(fc.constantFrom('monthly', 'yearly', 'addon', 'weekly')), price: either(fc.oneof({ weight: 3, arbitrary: fc.constantFrom('9.99', '0', '12') }, { weight: 1, arbitrary: fc.constantFrom('1.999', '-1', '1e3', '99999999999999999999.99') })) });
// A step does one thing: mostly one action (and maybe `after`), sometimes any mix of them.
const after = either(fc.constantFrom('0s', '5m', '3650d', '3651d', '1.5h', 'soon'));
const action = fc.oneof(
  record({ do: either(fc.constantFrom('accept', 'end', 'nap')) }), record({ say: either(fc.oneof(name, fc.constant('Hi {pet.name}, {vet.nope}'))) }),
  record({ feedback: either(record({ recommendation: either(fc.constantFrom('see_a_vet', 'home_care', 'x')), reason: either(name) })) }),
  record({ outcome: either(fc.oneof(fc.constantFrom('accepted', 'declined', 'notanswered'), record({ accepted: either(edgeNumber), declined: either(edgeNumber) }))) }),
  record({ vet_online: either(fc.boolean()) }),
);
const step = fc.oneof({ weight: 4, arbitrary: fc.tuple(action, fc.option(after)).map(([a, t]) => (t === null ? a : { after: t, ...a })) }, { weight: 1, arbitrary: fc.tuple(action, action).map(([a, b]) => ({ ...a, ...b })) });
const rule = record({
  name: either(text), match: either(record({ type: either(fc.constantFrom('chat', 'video')), app: either(text), vet: either(fc.constantFrom('vet_1', 'vet_2')), species: either(fc.constantFrom('dog', 'cat')), email: either(text) })),
  steps: either(fc.array(step, { minLength: 1, maxLength: 3 })),
});
// Documents the schema takes, so the stored rules, and the restart that reads them, are exercised too.
const goodStep = fc.oneof(
  fc.record({ after: fc.constantFrom('0s', '2s', '5m'), do: fc.constantFrom('accept', 'end') }, { requiredKeys: ['do'] }),
  fc.record({ say: fc.string({ minLength: 1, maxLength: 50 }).filter((t) => t.trim() !== '' && !t.includes('{')) }),
  fc.record({ outcome: fc.oneof(fc.constantFrom('accepted', 'declined', 'notanswered'), fc.record({ accepted: fc.nat(100), declined: fc.integer({ min: 1, max: 100 }) })) }),
  fc.record({ vet_online: fc.boolean() }),
);
const goodDoc = fc.record({
  seed: fc.nat(),
  rules: fc.array(fc.record({ match: fc.record({ type: fc.constantFrom('chat', 'video'), species: fc.constantFrom('dog', 'cat') }, { requiredKeys: [] }), steps: fc.array(goodStep, { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['steps'] }), { maxLength: 3 }),
}, { requiredKeys: ['rules'] });
const autopilotBody = fc.oneof(goodDoc, record({ $schema: either(text), seed: either(fc.oneof(fc.nat(), edgeNumber)), rules: either(fc.array(rule, { maxLength: 3 })) }), anyValue);
const id = (...plausible: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...plausible) }, { weight: 1, arbitrary: fc.constantFrom('0', '-1', '999999', '1.5', 'abc', '1e3', '%20', 'vet_99', '%E0%A4%A') }, { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9_]{1,8}$/) });

export interface ControlCall { method: string; path: string; body: unknown; encoding?: 'malformed' | 'charset' }
const route: fc.Arbitrary<ControlCall> = fc.oneof(
  clockBody.map((body) => ({ method: 'POST', path: '/clock', body })),
  faultsBody.map((body) => ({ method: 'PUT', path: '/faults', body })),
  appCreate.map((body) => ({ method: 'POST', path: '/apps', body })),
  fc.tuple(id('1', '2'), appPatch).map(([i, body]) => ({ method: 'PATCH', path: `/apps/${i}`, body })),
  fc.tuple(id('1', '2', 'monthly', 'gold'), packageBody).map(([i, body]) => ({ method: 'PUT', path: `/packages/${i}`, body })),
  fc.tuple(id('vet_1', 'vet_2', 'vet_3'), either(record({ online: either(fc.boolean()) }))).map(([i, body]) => ({ method: 'PATCH', path: `/vets/${i}`, body })),
  autopilotBody.map((body) => ({ method: 'PUT', path: '/autopilot', body })),
);
/** Now and then the body is cut short, or declared in a charset nobody knows: a 4xx as well, never a 500. */
export const controlCall: fc.Arbitrary<ControlCall> = fc.tuple(route, fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'malformed', 'charset'))
  .map(([call, encoding]) => (encoding ? { ...call, encoding } : call));

/** The demo app's credentials as they now are (a fuzzed PATCH may have renamed its user). */
async function demoAuth(url: string): Promise<string> {
  const apps = (await (await fetch(`${url}/__sim/v1/apps`)).json()) as { items: { id: number; api_username: string; api_token: string }[] };
  const demo = apps.items.find((a) => a.id === 1)!;
  return basic(demo.api_username, demo.api_token);
}

/** A partner request; a 5xx is allowed only when a fuzzed fault rule injected it, as its journal entry says. */
async function partnerAnswers(url: string): Promise<number> {
  const r = await fetch(`${url}/api/v2/demo/media-url`, { headers: { authorization: await demoAuth(url) } });
  await r.arrayBuffer();
  if (r.status >= 500) {
    const last = (await (await fetch(`${url}/__sim/v1/requests?limit=1`)).json()) as { items: { status: number; injected: string | null }[] };
    expect(last.items[0], 'a partner 5xx that no fault rule injected').toMatchObject({ status: r.status, injected: 'fault' });
  }
  return r.status;
}

/** Answers by route and status class (`PATCH /apps 2xx`): a run that never got past validation tested little. */
export type FuzzTally = Record<string, number>;
const routeOf = (c: ControlCall) => `${c.method} ${c.path.replace(/^(\/\w+)\/.*/, '$1')}`;

/** Runs `runs` generated control calls against a simulator on `dataDir`, then restarts the folder. */
export async function fuzzControlBodies(dataDir: string, runs: number, seed?: number): Promise<FuzzTally> {
  const tally: FuzzTally = {};
  let sim: Simulator = await createSimulator({ dataDir });
  let { url } = await sim.listen(0, '127.0.0.1');
  let calls = 0;
  try {
    await fc.assert(
      fc.asyncProperty(controlCall, async (call) => {
        // JSON.stringify drops undefined and turns -0 into 0; a body that is not an object is sent as such.
        const json = JSON.stringify(call.body ?? null);
        const r = await fetch(`${url}/__sim/v1${call.path}`, {
          method: call.method,
          headers: { 'content-type': call.encoding === 'charset' ? 'application/json; charset=klingon' : 'application/json' },
          body: call.encoding === 'malformed' ? json.slice(0, -1) + ',' : json,
        });
        const answer = await r.text();
        expect(r.status, `${call.method} ${call.path} ${JSON.stringify(call.body).slice(0, 300)} → ${answer.slice(0, 300)}`).toBeLessThan(500);
        expect(r.headers.get('content-type')).toMatch(/^application\/json/);
        JSON.parse(answer);
        const key = `${routeOf(call)} ${Math.floor(r.status / 100)}xx`;
        tally[key] = (tally[key] ?? 0) + 1;
        if (++calls % 5 === 0) await partnerAnswers(url);
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    await partnerAnswers(url);
  } finally {
    await sim.close();
  }
  sim = await createSimulator({ dataDir });
  try {
    ({ url } = await sim.listen(0, '127.0.0.1'));
    // Fault rules are configuration and survive the restart; with them cleared, the demo app answers.
    expect((await fetch(`${url}/__sim/v1/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '[]' })).status).toBe(200);
    expect(await partnerAnswers(url)).toBe(200);
  } finally {
    await sim.close();
  }
  return tally;
}
