// /__sim/mcp: the same MCP server over Streamable HTTP on the simulator's own listener, through the SDK's client,
// behind the control API's guards: a foreign Host or Origin is refused 403 as on /__sim/v1.
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

let sim: Simulator;
let url: string;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url } = await sim.listen(0));
});
afterAll(() => sim.close());

/** A raw POST with the headers a browser page or a rebinding attack would send. */
function post(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
  return new Promise((resolve, reject) => {
    const req = request(`${url}/__sim/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('serves the tools over Streamable HTTP on the simulator\'s own port; a bad input is a tool error', async () => {
  const client = new Client({ name: 'http-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/__sim/mcp`)));
  try {
    const { tools } = await client.listTools();
    expect(tools.length).toBeLessThanOrEqual(20);
    expect(tools.find((t) => t.name === 'wait_for')?.annotations?.readOnlyHint).toBe(true);
    const status = await client.callTool({ name: 'status', arguments: {} });
    expect(status.isError).toBeFalsy();
    expect((status.structuredContent as { result: { api_base_url: string } }).result.api_base_url).toBe(url);
    const bad = await client.callTool({ name: 'clock', arguments: { action: 'advance', advance_seconds: 'soon' } });
    expect(bad.isError).toBe(true);
  } finally {
    await client.close();
  }
});

it('refuses a foreign Host or Origin with the control API\'s 403', async () => {
  const host = await post({ host: 'evil.example:80' });
  expect(host.status).toBe(403);
  expect(JSON.parse(host.body).error).toMatchObject({ code: 'bad_host', message: 'The Host header must be localhost, 127.0.0.1 or [::1].' });
  const origin = await post({ origin: 'http://evil.example' });
  expect(origin.status).toBe(403);
  expect(JSON.parse(origin.body).error).toMatchObject({ code: 'bad_origin', message: 'Cross-origin requests to the control API are refused.' });
  expect((await post({})).status).toBe(200);
});

it('answers a request without a session in one sentence, not a crash', async () => {
  const res = await fetch(`${url}/__sim/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Start with an initialize request (POST, no Mcp-Session-Id header); then send the Mcp-Session-Id it answers.');
});
