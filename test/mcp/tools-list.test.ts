// tools/list through the SDK's own client: a small tool set (≤ 20), each with input and output schemas and
// annotations read from the control route table; no partner endpoint is a tool; a bad input is a tool error.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWithAgent } from './harness';

let h: Awaited<ReturnType<typeof startWithAgent>>;
beforeAll(async () => {
  h = await startWithAgent();
});
afterAll(() => h.close());

it('lists at most 20 tools, each with input and output schemas and both hints', async () => {
  const { tools } = await h.client.listTools();
  expect(tools.length).toBeGreaterThanOrEqual(14);
  expect(tools.length).toBeLessThanOrEqual(20);
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['status', 'tenant', 'journal', 'explain', 'consultation', 'vet', 'owner', 'autopilot', 'clock', 'faults', 'holds', 'wait_for', 'verify', 'reset']));
  for (const t of tools) {
    expect(t.inputSchema.type, t.name).toBe('object');
    expect(t.outputSchema?.type, t.name).toBe('object');
    expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean');
    expect(typeof t.annotations?.destructiveHint, t.name).toBe('boolean');
    expect(t.description, t.name).toMatch(/\/__sim\/v1\//);
  }
});

it('derives what a tool says from its routes: the vet tool names each route, its fields and enums come from their schemas', async () => {
  const { tools } = await h.client.listTools();
  const vet = tools.find((t) => t.name === 'vet')!;
  expect(vet.description).toContain('POST /__sim/v1/consultations/{sid}/accept (acceptConsultation): Act as the vet: accept a waiting chat');
  const props = vet.inputSchema.properties as Record<string, { enum?: string[] }>;
  expect(props.action.enum).toEqual(['accept', 'end', 'outcome', 'feedback', 'write']);
  expect(Object.keys(props)).toEqual(expect.arrayContaining(['sid', 'status', 'recommendation', 'reason', 'body']));
  expect(props.author).toBeUndefined();
  expect(vet.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  expect(tools.find((t) => t.name === 'journal')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  expect(tools.find((t) => t.name === 'reset')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  expect(tools.some((t) => /talk.to.vet|register/i.test(t.name))).toBe(false);
});

it('answers a bad input with a tool error naming the field, and the server keeps serving', async () => {
  const bad = await h.client.callTool({ name: 'vet', arguments: { action: 'dance', sid: 'CH1' } });
  expect(bad.isError).toBe(true);
  expect(JSON.stringify(bad.content)).toMatch(/action/);
  const missing = await h.client.callTool({ name: 'vet', arguments: { action: 'accept' } });
  expect(missing.isError).toBe(true);
  expect(JSON.stringify(missing.content)).toContain('sid: required for acceptConsultation');
  const refused = await h.client.callTool({ name: 'vet', arguments: { action: 'accept', sid: 'CH404' } });
  expect(refused.isError).toBe(true);
  expect(JSON.stringify(refused.content)).toContain('404 not_found: Consultation Not Found');
  const extra = await h.client.callTool({ name: 'clock', arguments: { action: 'get', nonsense: 1 } });
  expect(extra.isError).toBe(true);
  expect((await h.call('clock', { action: 'get' })).route).toBe('getClock');
});

it("sends every control call as the agent, by the name its MCP client gave", async () => {
  h.actors.length = 0;
  await h.call('status');
  await h.call('journal', {});
  expect(h.actors).toEqual(['agent:test-agent', 'agent:test-agent']);
});

it('arms a hold, sees the held partner call and fails it: the partner gets the status the agent chose', async () => {
  const hold = await h.call<{ result: { id: string; count: number } }>('holds', { action: 'arm', endpoint: 'A7' });
  expect(hold.result.count).toBe(1); // one request, then the hold is spent
  const pending = fetch(`${h.url}/api/v2/demo/register-user`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ann', email: 'held@example.com', role: 'users', dev_type: 'ios' }),
  });
  const held = await h.call<{ result: { items: { id: string; endpoint: string }[] } }>('holds', { action: 'held', wait_ms: 5000 });
  expect(held.result.items.map((i) => i.endpoint)).toEqual(['A7']);
  const decided = await h.call<{ result: { decision: string; status: number } }>('holds', { action: 'fail', id: held.result.items[0].id, status: 503, message: 'Down for the test' });
  expect(decided.result).toMatchObject({ decision: 'fail', status: 503 });
  expect((await pending).status).toBe(503);
  expect((await h.call<{ result: { items: unknown[] } }>('holds', { action: 'list' })).result.items).toEqual([]);
});
