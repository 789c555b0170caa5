// `vet-consult-sim mcp` as an MCP client starts it: the package's bin over stdio, through the SDK's own client.
// Without --url it runs an in-memory simulator of its own; with --url it attaches to a running one.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { requireBuild } from '../cli/run';

const BIN = join(__dirname, '..', '..', 'scripts', 'vet-consult-sim.mjs');

async function connect(args: string[]) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], stderr: 'pipe' });
  const client = new Client({ name: 'stdio-agent', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

let sim: Simulator;
let url: string;
beforeAll(async () => {
  requireBuild();
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  ({ url } = await sim.listen(0));
});
afterAll(() => sim.close());

it('starts a simulator of its own and serves the tools over stdio', async () => {
  const client = await connect([]);
  try {
    const status = await client.callTool({ name: 'status', arguments: {} });
    const result = (status.structuredContent as { result: { status: string; in_memory: boolean; api_base_url: string } }).result;
    expect(result).toMatchObject({ status: 'ok', in_memory: true });
    expect(result.api_base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(result.api_base_url).not.toBe(url);
  } finally {
    await client.close();
  }
});

it('attaches to a running simulator with --url: what the agent does shows there', async () => {
  const client = await connect(['--url', url]);
  try {
    const created = await client.callTool({ name: 'tenant', arguments: { action: 'create', name: 'stdio-app' } });
    expect(created.isError).toBeFalsy();
    const apps = (await sim.control.queries.apps()) as { name: string }[];
    expect(apps.map((a) => a.name)).toContain('stdio-app');
  } finally {
    await client.close();
  }
});
