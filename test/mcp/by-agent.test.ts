// Every agent action is visible (behaviour §21): the MCP client's control calls are journaled under its name (secrets
// masked, left out of a HAR replay), the hold it arms and the decision it makes name it, and its vet actions are marked
// on the timeline — while the same actions by the tester (the UI) or a script name no agent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MASK } from '../../src-main/core/journal';
import { startWithAgent } from './harness';

const AGENT = 'by-agent-probe';
let h: Awaited<ReturnType<typeof startWithAgent>>;
beforeAll(async () => {
  h = await startWithAgent(AGENT);
});
afterAll(() => h.close());

type App = { name: string; api_username: string; api_token: string };
const control = async <T>(method: string, path: string, body?: object, actor?: string): Promise<{ status: number; body: T }> => {
  const r = await fetch(`${h.url}/__sim/v1${path}`, {
    method, body: body ? JSON.stringify(body) : undefined,
    headers: { 'content-type': 'application/json', ...(actor ? { 'x-sim-actor': actor } : {}) },
  });
  return { status: r.status, body: (await r.json()) as T };
};
const partner = (app: App) => (path: string, body: object) =>
  fetch(`${h.url}/api/v2/${app.name}${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${app.api_username}:${app.api_token}`).toString('base64')}` },
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: Record<string, unknown> } }));

type Entry = { id: number; method: string; path: string; status: number; agent: string | null; endpoint: string | null; response_body: string | null; hold?: Record<string, unknown> };

it('journals the agent\'s control calls under its name, secrets masked, and keeps them out of a HAR replay', async () => {
  const { result: app } = await h.call<{ result: App }>('tenant', { action: 'create', name: 'agent-tenant', secrets: true });
  const refused = await h.client.callTool({ name: 'vet', arguments: { action: 'accept', sid: 'CHnope' } });
  expect(refused.isError).toBe(true);

  const { body: list } = await control<{ items: Entry[] }>('GET', '/requests?limit=10');
  expect(list.items.map((e) => [e.method, e.path, e.status, e.agent, e.endpoint])).toEqual([
    ['POST', '/__sim/v1/consultations/CHnope/accept', 404, AGENT, null],
    ['POST', '/__sim/v1/apps', 201, AGENT, null],
  ]);
  const { body: created } = await control<Entry>('GET', `/requests/${list.items[1].id}`);
  expect(JSON.parse(created.response_body!)).toMatchObject({ name: 'agent-tenant', api_token: MASK });
  expect(JSON.stringify(created)).not.toContain(app.api_token);

  const { body: har } = await control<{ log: { entries: { request: { url: string } }[] } }>('GET', '/requests.har');
  expect(har.log.entries.map((e) => e.request.url)).toEqual([]);
});

it('names the agent on the hold it armed and on the decision it made', async () => {
  const { result: app } = await h.call<{ result: App }>('tenant', { action: 'create', name: 'hold-tenant', secrets: true });
  const { result: hold } = await h.call<{ result: { id: string; agent: string } }>('holds', { action: 'arm', endpoint: 'A7' });
  expect(hold.agent).toBe(AGENT);
  expect((await control<{ items: { id: string; agent?: string }[] }>('GET', '/holds')).body.items).toEqual([expect.objectContaining({ id: hold.id, agent: AGENT })]);

  const registering = partner(app)('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  const { result: held } = await h.call<{ result: { items: { id: string; agent?: string }[] } }>('holds', { action: 'held', wait_ms: 5000 });
  expect(held.items[0].agent).toBe(AGENT); // whose hold caught it, though a count-1 hold is gone once it has
  await h.call('holds', { action: 'release', id: held.items[0].id });
  expect((await registering).status).toBe(200);

  const { body: a7 } = await control<{ items: Entry[] }>('GET', '/requests?endpoint=A7');
  const { body: entry } = await control<Entry>('GET', `/requests/${a7.items[0].id}`);
  expect(entry.hold).toMatchObject({ hold_id: hold.id, decision: 'release', by: 'agent', agent: AGENT });
});

it('marks the agent\'s vet actions and messages on the timeline, and not the tester\'s', async () => {
  const { result: app } = await h.call<{ result: App }>('tenant', { action: 'create', name: 'chat-tenant', secrets: true });
  const call = partner(app);
  await call('/register-user', { first_name: 'Bo', email: 'bo@example.com', role: 'users', dev_type: 'ios' });
  const pet = await call('/pet/add', { email: 'bo@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  const talk = await call('/talk-to-vet', { email: 'bo@example.com', conversation_request: 'chat', pet_id: (pet.body.data.pet as { id: number }).id });
  const sid = talk.body.data.channel as string;

  expect((await control('POST', `/consultations/${sid}/accept`, undefined, 'ui')).status).toBe(200); // the tester
  await h.call('vet', { action: 'write', sid, body: 'Hello from the agent' });
  await control('POST', `/consultations/${sid}/messages`, { author: 'owner', body: 'Hello from a script' }); // a script
  await h.call('vet', { action: 'end', sid });

  const { body: detail } = await control<{ timeline: { kind: string; action?: string; author?: string; agent?: string }[] }>('GET', `/consultations/${sid}`);
  const acts = detail.timeline.filter((e) => e.kind === 'vet_action' || (e.kind === 'message' && e.author !== 'system'));
  expect(acts.map((e) => [e.kind, e.action ?? e.author, e.agent ?? null])).toEqual([
    ['vet_action', 'accept', null], ['message', 'vet', AGENT], ['message', 'owner', null], ['vet_action', 'end', AGENT],
  ]);
});

it('keeps a scenario\'s body out of the agent\'s entry (its app passwords), the header as understood, and the time it arrived', async () => {
  const loaded = await h.call<{ result: App }>('tenant', { action: 'create', scenario_text: 'scenario: 1\napps:\n  - slug: leaky\n    token: YAMLSECRETPASSWORD1\n', secrets: true });
  expect(loaded.result.api_token).toBe('YAMLSECRETPASSWORD1');
  const before = (await control<{ now: string }>('GET', '/clock')).body.now;
  await h.call('clock', { action: 'advance', advance_seconds: 86_400 });

  const { body: list } = await control<{ items: Entry[] }>('GET', '/requests?source=control&limit=2');
  expect(list.items.map((e) => [e.method, e.path])).toEqual([['POST', '/__sim/v1/clock'], ['PUT', '/__sim/v1/scenario']]);
  const { body: put } = await control<Entry & { request_body: string; request_headers: Record<string, string> }>('GET', `/requests/${list.items[1].id}`);
  expect(put.request_body).toMatch(/^\(\d+ bytes, not kept: putScenario's body may hold credentials\)$/);
  expect(JSON.stringify(put)).not.toContain('YAMLSECRETPASSWORD1');
  expect(put.request_headers['x-sim-actor']).toBe(`agent:${AGENT}`);
  const { body: moved } = await control<Entry & { time: string }>('GET', `/requests/${list.items[0].id}`);
  // Stamped when it came, on the clock as it read then: a day before the clock it moved.
  expect(Math.abs(Date.parse(moved.time) - Date.parse(before))).toBeLessThan(60_000);
});

it('filters the journal by source: the partner\'s requests, or the agent\'s control calls; anything else is refused', async () => {
  const { result: app } = await h.call<{ result: App }>('tenant', { action: 'create', name: 'source-tenant', secrets: true });
  expect((await partner(app)('/register-user', { first_name: 'Cy', email: 'cy@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
  const partnerOnly = (await control<{ items: Entry[] }>('GET', '/requests?source=partner&limit=1000')).body.items;
  const controlOnly = (await control<{ items: Entry[]; total: number }>('GET', '/requests?source=control&limit=1000')).body;
  const all = (await control<{ total: number }>('GET', '/requests?limit=1')).body.total;
  expect(partnerOnly.length).toBeGreaterThan(0);
  expect(partnerOnly.every((e) => !e.path.startsWith('/__sim/') && e.agent === null)).toBe(true);
  expect(controlOnly.items.every((e) => e.path.startsWith('/__sim/v1/') && e.agent === AGENT)).toBe(true);
  expect(partnerOnly.length + controlOnly.total).toBe(all);
  const bogus = await control<{ error: { code: string; message: string } }>('GET', '/requests?source=agents');
  expect([bogus.status, bogus.body.error.code, bogus.body.error.message]).toEqual([422, 'invalid', 'source: expected partner or control, got "agents".']);
});

