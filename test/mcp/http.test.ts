// /__sim/mcp: the same MCP server over Streamable HTTP on the simulator's own listener, through the SDK's client,
// behind the control API's guards — a foreign Host or Origin is refused 403 as on /__sim/v1, and so is a client that
// is not on loopback unless it presents the control token. Every request here is the SDK's own: the Host a
// DNS-rebinding page sends goes through the transport's `fetch` option, the Origin through its requestInit.
import { networkInterfaces } from 'node:os';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError, type StreamableHTTPClientTransportOptions } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { fetchWithHost } from './sdk-wrappers';

let sim: Simulator;
let url: string;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url } = await sim.listen(0));
});
afterAll(() => sim.close());

const endpoint = (origin: string) => new URL(`${origin}/__sim/mcp`);
const connect = async (origin: string, opts?: StreamableHTTPClientTransportOptions) => {
  const client = new Client({ name: 'http-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(endpoint(origin), opts));
  return client;
};

/** What the SDK's client says when the server refuses its initialize: the HTTP status and the simulator's refusal. */
async function refusalOf(attempt: Promise<unknown>): Promise<{ status: number; error: { code: string; message: string } }> {
  const err = await attempt.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(StreamableHTTPError);
  const { code, message } = err as StreamableHTTPError;
  return { status: code!, error: JSON.parse(message.replace(/^Streamable HTTP error: Error POSTing to endpoint: /, '')).error };
}

it('serves the tools over Streamable HTTP on the simulator\'s own port; a bad input is a tool error', async () => {
  const client = await connect(url);
  try {
    const { tools } = await client.listTools();
    expect(tools.length).toBeLessThanOrEqual(20);
    expect(tools.find((t) => t.name === 'wait_for')?.annotations?.readOnlyHint).toBe(true);
    const status = await client.callTool({ name: 'status', arguments: {} });
    expect(status.isError).toBeFalsy();
    expect((status.structuredContent as { result: { api_base_url: string } }).result.api_base_url).toBe(url);
    const bad = await client.callTool({ name: 'clock', arguments: { action: 'advance', advance_seconds: 'soon' } });
    expect(bad.isError).toBe(true);
    // In the simulator's own process a path names the simulator machine's files: no tool reads one over HTTP.
    const file = await client.callTool({ name: 'tenant', arguments: { action: 'create', scenario_file: 'resources/scenarios/demo.yaml' } });
    expect(file).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('scenario_file: this server runs inside the simulator (/__sim/mcp), which reads no file a client names') }] });
  } finally {
    await client.close();
  }
});

it('refuses a foreign Host or Origin with the control API\'s 403; a loopback Host through the same fetch is served', async () => {
  expect(await refusalOf(connect(url, { fetch: fetchWithHost('evil.example:80') }))).toEqual({
    status: 403, error: { code: 'bad_host', message: 'The Host header must be localhost, 127.0.0.1 or [::1].', details: [] },
  });
  expect(await refusalOf(connect(url, { requestInit: { headers: { origin: 'http://evil.example' } } }))).toEqual({
    status: 403, error: { code: 'bad_origin', message: 'Cross-origin requests to the control API are refused.', details: [] },
  });
  // The same adapter with a loopback Host: what refused above was the Host, not the adapter.
  const client = await connect(url, { fetch: fetchWithHost(new URL(url).host) });
  expect((await client.callTool({ name: 'status', arguments: {} })).isError).toBeFalsy();
  await client.close();
});

it('answers a session it does not know 404 with a sentence, and the client can start over', async () => {
  const client = new Client({ name: 'late-agent', version: '1.0.0' });
  // A session id from before a restart: the SDK's client skips initialize and sends it with its first request.
  await client.connect(new StreamableHTTPClientTransport(endpoint(url), { sessionId: 'gone-since-the-restart' }));
  const err = (await client.listTools().then(() => undefined, (e: unknown) => e)) as StreamableHTTPError;
  expect(err).toBeInstanceOf(StreamableHTTPError);
  expect(err.code).toBe(404);
  expect(err.message).toContain('No MCP session with that id (it ended, or the simulator restarted): initialize a new one.');
  await client.close();
  const again = await connect(url);
  expect((await again.listTools()).tools.length).toBeGreaterThan(0);
  await again.close();
});

/** An address of this machine that is not loopback: a client connecting to it is not a loopback peer. */
const outside = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;

describe.skipIf(!outside)('a client that is not on loopback', () => {
  const TOKEN = 'mcp-test-token-5cQ1zV8rW2xN7pL4';
  let remote: Simulator;
  let remoteUrl: string;
  beforeAll(async () => {
    remote = await createSimulator({ inMemory: true, controlToken: TOKEN });
    const { port } = await remote.listen(0, '0.0.0.0');
    remoteUrl = `http://${outside}:${port}`;
  });
  afterAll(() => remote.close());

  it('is refused without the control token, and served with it as a bearer token', async () => {
    const loopbackHost = { fetch: fetchWithHost(`127.0.0.1:${new URL(remoteUrl).port}`) };
    expect(await refusalOf(connect(remoteUrl, loopbackHost))).toEqual({
      status: 403, error: { code: 'not_loopback', message: 'The control API answers loopback clients only.', details: [] },
    });
    const client = await connect(remoteUrl, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } });
    const status = await client.callTool({ name: 'status', arguments: {} });
    expect((status.structuredContent as { result: { status: string } }).result.status).toBe('ok');
    await client.close();
  });
});
