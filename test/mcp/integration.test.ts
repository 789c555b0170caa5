// A whole integration as an agent drives it, through the SDK's client: status → a tenant of its own → the test's own
// fetch makes the partner calls (A7 register, A2 pet/add, A8 talk-to-vet) with the tenant's Basic credentials, as
// the agent's code would → wait for the chat → act as the vet → the owner writes → journal → explain → verify.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MASK } from '../../src-main/core/mcp/mask';
import { startWithAgent } from './harness';

type App = { name: string; api_username: string; api_token: string };
let h: Awaited<ReturnType<typeof startWithAgent>>;
beforeAll(async () => {
  h = await startWithAgent('integration-agent');
});
afterAll(() => h.close());

it('drives a chat from talk-to-vet to feedback, and verifies it', async () => {
  const status = await h.call<{ result: { status: string }; partner_base_urls: { application: string }; openapi: { partner: string } }>('status');
  expect(status.result.status).toBe('ok');
  expect(status.partner_base_urls.application).toBe(`${h.url}/api/v2/{app name}`);
  expect(status.openapi.partner).toBe(`${h.url}/__sim/v1/openapi.json`);

  const masked = await h.call<{ result: App }>('tenant', { action: 'create', name: 'agent-app' });
  expect(masked.result.api_token).toBe(MASK);
  const { result: app } = await h.call<{ result: App }>('tenant', { action: 'new_token', id: (masked.result as unknown as { id: number }).id, secrets: true });
  expect(app.api_token).not.toBe(MASK);

  const base = status.partner_base_urls.application.replace('{app name}', app.name);
  const auth = `Basic ${Buffer.from(`${app.api_username}:${app.api_token}`).toString('base64')}`;
  const partner = async (path: string, body: object) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as { data: Record<string, unknown> } };
  };
  expect((await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
  const pet = await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  const refused = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'phone', pet_id: 1 });
  expect(refused.status).toBe(422);
  const talk = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: (pet.body.data.pet as { id: number }).id });
  const sid = talk.body.data.channel as string;

  const waiting = await h.call<{ matched: boolean; match: { status: string } }>('wait_for', { event: 'consultation', sid, status: 'waiting', timeout_seconds: 5 });
  expect(waiting).toMatchObject({ matched: true, match: { status: 'waiting' } });

  expect((await h.call<{ result: { status: string } }>('vet', { action: 'accept', sid })).result.status).toBe('active');
  const vetSaid = await h.call<{ result: { author: string; index: number } }>('vet', { action: 'write', sid, body: 'Hello, how is Rex?' });
  expect(vetSaid.result.author).toBe('vet');
  const owner = await h.call<{ result: { author: string; index: number } }>('owner', { sid, body: 'Limping since Monday' });
  expect(owner.result).toMatchObject({ author: 'owner', index: vetSaid.result.index + 1 });
  const said = await h.call<{ matched: boolean; match: { body: string } }>('wait_for', { event: 'message', sid, author: 'owner', after: vetSaid.result.index, timeout_seconds: 2 });
  expect(said.match.body).toBe('Limping since Monday');
  await h.call('vet', { action: 'end', sid });
  const card = await h.call<{ result: { status: string; feedback: { reason: string } } }>('vet', { action: 'feedback', sid, recommendation: 'urgent', reason: 'Limping since Monday' });
  expect(card.result).toMatchObject({ status: 'ended', feedback: { reason: 'Limping since Monday' } });

  const seen = await h.call<{ result: { timeline: { kind: string }[] }; thread: { items: { body: string }[] } }>('consultation', { sid });
  expect(seen.thread.items.map((m) => m.body)).toEqual(expect.arrayContaining(['Hello, how is Rex?', 'Limping since Monday']));
  expect(seen.result.timeline.map((t) => t.kind)).toEqual(expect.arrayContaining(['request', 'vet_action', 'message']));

  const journal = await h.call<{ result: { items: { id: number; endpoint: string; status: number }[] } }>('journal', { endpoint: 'A8', app: app.name });
  expect(journal.result.items.map((i) => i.status)).toEqual([200, 422]);
  const explained = await h.call<{ result: { status: number; request_headers: Record<string, string>; why: { summary: string } | null } }>('explain', { id: journal.result.items[1].id });
  expect(explained.result.status).toBe(422);
  expect(explained.result.why?.summary).toMatch(/conversation_request/);
  expect(JSON.stringify(explained.result.request_headers)).not.toContain(app.api_token);

  const ok = await h.call<{ pass: boolean; message: string }>('verify', { assertion: 'ended_with_feedback', sid });
  expect(ok).toMatchObject({ pass: true, message: `${sid} ended with feedback.` });
  const wrong = await h.call<{ pass: boolean; message: string; evidence: { count: number } }>('verify', { assertion: 'endpoint_calls', endpoint: 'A8', app: app.name, at_most: 1 });
  expect(wrong).toMatchObject({ pass: false, message: 'A8 was called 2 times; expected at most 1.', evidence: { count: 2 } });
  expect((await h.call<{ pass: boolean }>('verify', { assertion: 'no_5xx' })).pass).toBe(true);

  const saved = await h.call<{ route: string; result: Record<string, unknown> }>('scenario', { action: 'save' });
  expect(JSON.stringify(saved.result.apps)).toContain('agent-app');
  const loaded = await h.call<{ result: { loaded: boolean; consultations: number } }>('scenario', { action: 'load', document: saved.result });
  expect(loaded.result).toMatchObject({ loaded: true, consultations: 1 });
});

it('answers a wait that nothing meets with matched: false and what it saw, within its timeout', async () => {
  const started = Date.now();
  const r = await h.call<{ matched: boolean; message: string }>('wait_for', { event: 'request', endpoint: 'A13', timeout_seconds: 0.5 });
  expect(r).toMatchObject({ matched: false, message: 'Nothing matched in 0.5 s; last_seen is what was there.' });
  expect(Date.now() - started).toBeLessThan(3000);
});
