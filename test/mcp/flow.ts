// Issue 39's acceptance, as one function over any connected SDK client (stdio, Streamable HTTP, in-memory): status → a
// tenant → the test's own HTTP client makes the partner calls (A7 register, A2 pet, A8 talk-to-vet, one A8 refused on
// purpose) with the tenant's Basic credentials, as an agent's code would → wait for the chat → act as the vet (accept,
// message, end, feedback) with the owner writing in between → journal → explain the refused call (its 422 rule and the
// form it expects) → verify "ended with feedback" passes and a false assertion fails with evidence → save a scenario.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import { MASK } from '../../src-main/core/mcp/mask';

type App = { id: number; name: string; api_username: string; api_token: string };

/** A tool's structured answer; a tool error fails the test with its text. */
export const toolCaller = (client: Client) => async <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> => {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  return r.structuredContent as T;
};

/** The partner's own client: a JSON POST with the app's Basic credentials, as the agent's code would send it. */
function partnerClient(base: string, app: App) {
  const authorization = `Basic ${Buffer.from(`${app.api_username}:${app.api_token}`).toString('base64')}`;
  return async (path: string, body: object) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as { message: string[]; data: Record<string, unknown> } };
  };
}

export interface FlowResult {
  sid: string;
  app: string;
  /** The saved scenario. */
  scenario: { apps: { slug: string }[]; consultations: { status: string; thread: { author: string; text: string }[]; feedback?: { reason: string } }[] };
}

/** `agent`: the name the client gave (its `clientInfo.name`): the simulator marks what it did with it. */
export async function acceptanceFlow(client: Client, appName: string, agent: string): Promise<FlowResult> {
  const call = toolCaller(client);

  const status = await call<{ result: { status: string; api_base_url: string }; partner_base_urls: { application: string }; openapi: { partner: string } }>('status');
  expect(status.result.status).toBe('ok');
  expect(status.partner_base_urls.application).toBe(`${status.result.api_base_url}/api/v2/{app name}`);
  expect(status.openapi.partner).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__sim\/v1\/openapi\.json$/);

  const masked = await call<{ result: App }>('tenant', { action: 'create', name: appName });
  expect(masked.result).toMatchObject({ name: appName, api_token: MASK });
  const { result: app } = await call<{ result: App }>('tenant', { action: 'new_token', id: masked.result.id, secrets: true });
  expect(app.api_token).toMatch(/^\S{16,}$/);

  const partner = partnerClient(status.partner_base_urls.application.replace('{app name}', app.name), app);
  const registered = await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  expect(registered).toMatchObject({ status: 200, body: { message: ['User registered successfully.'] } });
  const pet = await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  expect(pet.status).toBe(200);
  const refused = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'phone', pet_id: (pet.body.data.pet as { id: number }).id });
  expect(refused).toMatchObject({ status: 422, body: { message: ['The selected conversation request is invalid.'] } });
  const talk = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: (pet.body.data.pet as { id: number }).id });
  expect(talk.status).toBe(200);
  const sid = talk.body.data.channel as string;
  expect(sid).toMatch(/^CH/);

  const waiting = await call<{ matched: boolean; match: { sid: string; status: string } }>('wait_for', { event: 'consultation', sid, status: 'waiting', timeout_seconds: 10 });
  expect(waiting).toMatchObject({ matched: true, match: { sid, status: 'waiting' } });

  expect((await call<{ result: { status: string } }>('vet', { action: 'accept', sid })).result.status).toBe('active');
  const vetSaid = await call<{ result: { author: string; index: number } }>('vet', { action: 'write', sid, body: 'Hello, how is Rex?' });
  expect(vetSaid.result.author).toBe('vet');
  const owner = await call<{ result: { author: string; index: number } }>('owner', { sid, body: 'Limping since Monday' });
  expect(owner.result).toMatchObject({ author: 'owner', index: vetSaid.result.index + 1 });
  const heard = await call<{ matched: boolean; match: { body: string } }>('wait_for', { event: 'message', sid, author: 'owner', after: vetSaid.result.index, timeout_seconds: 5 });
  expect(heard).toMatchObject({ matched: true, match: { body: 'Limping since Monday' } });
  expect((await call<{ result: { status: string } }>('vet', { action: 'end', sid })).result.status).toBe('ended');
  const card = await call<{ result: { status: string; feedback: { recommendation: string; reason: string } } }>('vet', { action: 'feedback', sid, recommendation: 'urgent', reason: 'See a vet within a day.' });
  expect(card.result).toMatchObject({ status: 'ended', feedback: { recommendation: 'urgent', reason: 'See a vet within a day.' } });

  // Every agent action is visible (behaviour §21): journaled under the agent's name, marked on the timeline.
  const acted = await call<{ result: { items: { method: string; path: string; status: number; agent: string | null; family: string | null }[] } }>('journal', { q: sid });
  const base = `/__sim/v1/consultations/${sid}`;
  expect(acted.result.items.filter((e) => e.agent).map((e) => [e.method, e.path, e.status, e.agent, e.family]).reverse()).toEqual([
    ['POST', `${base}/accept`, 200, agent, null], ['POST', `${base}/messages`, 201, agent, null], ['POST', `${base}/messages`, 201, agent, null],
    ['POST', `${base}/end`, 200, agent, null], ['PUT', `${base}/feedback`, 200, agent, null],
  ]);
  const detail = await call<{ result: { timeline: { kind: string; action?: string; author?: string; agent?: string }[] } }>('consultation', { sid });
  const marked = detail.result.timeline.filter((e) => e.kind === 'vet_action' || (e.kind === 'message' && e.author !== 'system'));
  expect(marked.map((e) => [e.kind, e.action ?? e.author, e.agent])).toEqual([
    ['vet_action', 'accept', agent], ['message', 'vet', agent], ['message', 'owner', agent], ['vet_action', 'end', agent], ['vet_action', 'feedback', agent],
  ]);

  const journal = await call<{ result: { items: { id: number; endpoint: string; status: number }[] } }>('journal', { endpoint: 'A8', app: app.name });
  expect(journal.result.items.map((i) => i.status)).toEqual([200, 422]); // newest first
  const explained = await call<{ result: { status: string | number; request_headers: Record<string, string>; why: { summary: string; details: { label: string; text: string }[] } } }>(
    'explain', { id: journal.result.items[1].id },
  );
  expect(explained.result.status).toBe(422);
  expect(explained.result.why.summary).toBe('Validation refused the field conversation_request.');
  expect(explained.result.why.details).toEqual([{
    label: 'conversation_request',
    text: 'The selected conversation request is invalid. Received: "phone". Expected: one of "chat" and "video".',
  }]);
  expect(explained.result.request_headers.authorization).toBe(MASK);
  expect(JSON.stringify(explained)).not.toContain(app.api_token);

  const passed = await call<{ pass: boolean; message: string }>('verify', { assertion: 'ended_with_feedback', sid });
  expect(passed).toEqual({ assertion: 'ended_with_feedback', pass: true, message: `${sid} ended with feedback.`, evidence: expect.objectContaining({ sid, status: 'ended' }) });
  const failed = await call<{ pass: boolean; message: string; evidence: Record<string, unknown> }>('verify', { assertion: 'consultation_status', sid, status: 'waiting' });
  expect(failed).toMatchObject({
    pass: false, message: `${sid} is ended, not waiting.`,
    evidence: { sid, type: 'chat', status: 'ended', feedback: expect.objectContaining({ reason: 'See a vet within a day.' }) },
  });
  const overCalled = await call<{ pass: boolean; message: string; evidence: { count: number; recent: { status: number }[] } }>(
    'verify', { assertion: 'endpoint_calls', endpoint: 'A8', app: app.name, at_most: 1 },
  );
  expect(overCalled).toMatchObject({ pass: false, message: 'A8 was called 2 times; expected at most 1.', evidence: { count: 2 } });
  expect(overCalled.evidence.recent.map((r) => r.status)).toEqual([200, 422]);

  const saved = await call<{ route: string; result: FlowResult['scenario'] }>('scenario', { action: 'save' });
  expect(saved.route).toBe('getScenario');
  expect(saved.result.apps.map((a) => a.slug)).toContain(appName);
  expect(saved.result.consultations).toHaveLength(1);
  expect(saved.result.consultations[0]).toMatchObject({ status: 'ended', feedback: { reason: 'See a vet within a day.' } });
  expect(saved.result.consultations[0].thread.map((m) => [m.author, m.text])).toEqual(expect.arrayContaining([['vet', 'Hello, how is Rex?'], ['owner', 'Limping since Monday']]));
  return { sid, app: appName, scenario: saved.result };
}
