// The protocol versions, through the SDK's own client on both the in-memory transport (the server stdio serves) and
// Streamable HTTP (where every later request carries the version in a header the server checks): each version the
// SDK supports is answered as asked, and a version the server does not know gets the latest one. The SDK's client
// always asks for the latest, so AskingFor (sdk-wrappers.ts) changes that one field of the SDK's own initialize.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src-main/core/mcp/server';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { AskingFor } from './sdk-wrappers';

let sim: Simulator;
let url: string;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url } = await sim.listen(0));
});
afterAll(() => sim.close());

const transports: Record<string, () => Promise<Transport>> = {
  'in-memory (as stdio)': async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ origin: url, version: 'test' }).connect(serverSide);
    return clientSide;
  },
  'Streamable HTTP': async () => new StreamableHTTPClientTransport(new URL(`${url}/__sim/mcp`)),
};

/** Connects asking for `version`; the version the server answered, and a tool call made under it. */
async function negotiate(make: () => Promise<Transport>, version: string) {
  const transport = new AskingFor(await make(), version);
  const client = new Client({ name: 'version-agent', version: '1.0.0' });
  await client.connect(transport);
  try {
    const status = await client.callTool({ name: 'status', arguments: {} });
    return { negotiated: transport.negotiated, status: (status.structuredContent as { result: { status: string } }).result.status };
  } finally {
    await client.close();
  }
}

describe.each(Object.entries(transports))('over %s', (_, make) => {
  it.each(SUPPORTED_PROTOCOL_VERSIONS)('answers %s when the client asks for it, and serves tools under it', async (version) => {
    expect(await negotiate(make, version)).toEqual({ negotiated: version, status: 'ok' });
  });

  it('answers the latest version to a client asking for one it does not know', async () => {
    expect(await negotiate(make, '2099-01-01')).toEqual({ negotiated: LATEST_PROTOCOL_VERSION, status: 'ok' });
  });
});

it('tests at least the versions of 2024 and 2025 (the SDK this project pins supports them)', () => {
  expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(expect.arrayContaining(['2024-11-05', '2025-03-26', '2025-06-18']));
});
