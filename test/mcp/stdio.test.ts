// `vet-consult-sim mcp` as an MCP client starts it: the package's bin over stdio, through the SDK's own client.
// Without --url it runs an in-memory simulator of its own (with --url it attaches: the same server as /__sim/mcp's).
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, expect, it, vi } from 'vitest';
import { requireBuild } from '../cli/run';

const BIN = join(__dirname, '..', '..', 'scripts', 'vet-consult-sim.mjs');

async function connect(args: string[]) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], stderr: 'pipe' });
  const client = new Client({ name: 'stdio-agent', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

beforeAll(() => requireBuild());

it('starts a simulator of its own and serves the tools over stdio', async () => {
  const client = await connect([]);
  try {
    expect(client.getServerVersion()?.name).toBe('vet-consult-sim');
    const status = await client.callTool({ name: 'status', arguments: {} });
    expect((status.structuredContent as { result: unknown }).result).toMatchObject({ status: 'ok', in_memory: true, api_base_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const created = await client.callTool({ name: 'tenant', arguments: { action: 'create', name: 'stdio-app' } });
    expect((created.structuredContent as { result: { name: string } }).result.name).toBe('stdio-app');
  } finally {
    await client.close();
  }
});

it('refuses a bad flag or a --url that is not an origin with exit 2 and a sentence', async () => {
  const { runMcp } = await import('../../src-main/cli/mcp');
  const written: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
  try {
    expect(await runMcp(['--port', '1'])).toBe(2);
    expect(written.join('')).toContain('Usage: vet-consult-sim mcp');
    expect(await runMcp(['--url', 'http://127.0.0.1:4010/__sim/v1'])).toBe(2);
    expect(written.join('')).toContain('--url must be the simulator\'s origin, such as http://127.0.0.1:4010 (got "http://127.0.0.1:4010/__sim/v1").');
  } finally {
    spy.mockRestore();
  }
});
