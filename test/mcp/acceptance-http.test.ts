// Issue 39's acceptance over Streamable HTTP: the SDK's StreamableHTTPClientTransport on /__sim/mcp of a listening
// simulator runs the whole flow of flow.ts (the same function the packed bin's stdio test runs).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { acceptanceFlow } from './flow';

let sim: Simulator;
let client: Client;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true });
  const { url } = await sim.listen(0);
  client = new Client({ name: 'http-acceptance-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/__sim/mcp`)));
});
afterAll(async () => {
  await client?.close();
  await sim?.close();
});

it('drives an integration over Streamable HTTP: status, tenant, partner calls, the vet and the owner, journal, explain, verify, save', async () => {
  const { scenario } = await acceptanceFlow(client, 'http-agent-app', 'http-acceptance-agent');
  expect(scenario.apps.map((a) => a.slug)).toEqual(['demo', 'http-agent-app']);
});
