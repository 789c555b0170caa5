// Issue 39's acceptance over stdio, as an MCP client starts the server: the PACKED package installed in a temporary
// project (packed.ts), its `vet-consult-sim mcp` bin spawned by the SDK's StdioClientTransport, with a simulator of
// its own in that process; the whole flow of flow.ts (the same function the Streamable HTTP test runs). Then the
// docs pages the package ships, as resources.
import { dirname } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acceptanceFlow } from './flow';
import { packAndInstall, type Installed } from './packed';

let installed: Installed;
let client: Client;
let stderr = '';
beforeAll(async () => {
  installed = packAndInstall();
  const transport = new StdioClientTransport({
    command: installed.bin, args: ['mcp'], cwd: installed.project, stderr: 'pipe',
    // The bin's `#!/usr/bin/env node` finds this test's node; TMPDIR keeps its files in the run's temp folder.
    env: { ...getDefaultEnvironment(), PATH: `${dirname(process.execPath)}:${process.env.PATH}`, TMPDIR: process.env.TMPDIR ?? '' },
  });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d));
  client = new Client({ name: 'stdio-acceptance-agent', version: '1.0.0' });
  await client.connect(transport);
}, 180_000);
afterAll(async () => {
  await client?.close();
});

it('drives an integration through the packed bin over stdio: status, tenant, partner calls, the vet and the owner, journal, explain, verify, save', async () => {
  expect(client.getServerVersion()).toMatchObject({ name: 'vet-consult-sim', version: '0.1.0' });
  expect(stderr).toMatch(/^vet-consult-sim mcp: an in-memory simulator at http:\/\/127\.0\.0\.1:\d+ /);
  const { scenario } = await acceptanceFlow(client, 'stdio-agent-app', 'stdio-acceptance-agent');
  expect(scenario.apps.map((a) => a.slug)).toEqual(['demo', 'stdio-agent-app']);
}, 60_000);

it('serves the docs pages the package ships (docs/*.md, not the screenshots) as resources', async () => {
  expect(installed.files.filter((f) => f.startsWith('package/docs/')).every((f) => /^package\/docs\/[\w-]+\.md$/.test(f))).toBe(true);
  expect(installed.files).toContain('package/docs/mcp.md');
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['sim://docs/mcp.md', 'sim://docs/partner-api.md']));
  const page = await client.readResource({ uri: 'sim://docs/mcp.md' });
  expect((page.contents[0] as { text: string }).text).toMatch(/^# Coding agents: the MCP server/);
});
