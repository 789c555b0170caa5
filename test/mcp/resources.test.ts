// What an agent reads without a tool: resources/list names both OpenAPI documents, the recent journal, the newest
// consultations and every page of docs/ (the behaviour the simulator follows); reading one of each gives its
// content; a docs page that is not there, or a docs/ folder an install does not have, is an error that says so.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { docsDir, listDocs, readDoc } from '../../src-main/core/mcp/resources-docs';
import { tempDir } from '../cli/run';
import { startWithAgent } from './harness';

const DOCS = join(__dirname, '..', '..', 'docs');
const text = (r: { contents: unknown[] }) => (r.contents[0] as { text: string }).text;

let h: Awaited<ReturnType<typeof startWithAgent>>;
let sid: string;
beforeAll(async () => {
  h = await startWithAgent('reading-agent');
  const partner = (path: string, body: object) => fetch(`${h.url}/api/v2/demo${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
  await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
  const talk = await partner('/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
  sid = ((await talk.json()) as { data: { channel: string } }).data.channel;
});
afterAll(() => h.close());

it('lists both OpenAPI documents, the recent journal, the newest consultation and every docs page', async () => {
  const { resources } = await h.client.listResources();
  const pages = readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort();
  expect(pages.length).toBeGreaterThan(10);
  expect(resources.map((r) => r.uri)).toEqual([
    'sim://openapi/partner', 'sim://openapi/control', 'sim://journal/recent',
    `sim://consultations/${sid}`,
    ...pages.map((p) => `sim://docs/${p}`),
  ]);
  expect(resources.find((r) => r.uri === 'sim://docs/mcp.md')).toMatchObject({ name: 'docs/mcp.md', title: 'Coding agents: the MCP server', mimeType: 'text/markdown' });
  expect(resources.find((r) => r.uri === `sim://consultations/${sid}`)).toMatchObject({ title: `chat ${sid} (waiting)` });
  const { resourceTemplates } = await h.client.listResourceTemplates();
  expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['sim://consultations/{sid}', 'sim://docs/{page}']);
});

it('reads one of each: the partner and control OpenAPI documents, the journal, a consultation, a docs page', async () => {
  const partner = JSON.parse(text(await h.client.readResource({ uri: 'sim://openapi/partner' })));
  expect(partner.openapi).toMatch(/^3\.1/);
  expect(Object.keys(partner.paths)).toContain('/api/v2/{name}/talk-to-vet');
  const control = JSON.parse(text(await h.client.readResource({ uri: 'sim://openapi/control' })));
  expect(Object.keys(control.paths)).toEqual(expect.arrayContaining(['/health', '/scenario']));
  const journal = JSON.parse(text(await h.client.readResource({ uri: 'sim://journal/recent' })));
  expect(journal.items.map((i: { endpoint: string; status: number }) => [i.endpoint, i.status])).toEqual([['A8', 200], ['A2', 200], ['A7', 200]]);
  const card = JSON.parse(text(await h.client.readResource({ uri: `sim://consultations/${sid}` })));
  expect(card).toMatchObject({ sid, type: 'chat', status: 'waiting' });
  const page = await h.client.readResource({ uri: 'sim://docs/partner-api.md' });
  expect(page.contents[0]).toMatchObject({ uri: 'sim://docs/partner-api.md', mimeType: 'text/markdown' });
  expect(text(page)).toBe(readFileSync(join(DOCS, 'partner-api.md'), 'utf8'));
});

it('answers a docs page that is not there with the pages there are, and never reads outside docs/', async () => {
  await expect(h.client.readResource({ uri: 'sim://docs/nope.md' })).rejects.toThrow(/No page docs\/nope\.md\. The pages: architecture\.md, autopilot\.md, /);
  await expect(h.client.readResource({ uri: 'sim://docs/..%2Fpackage.json' })).rejects.toThrow(/No page docs\/\.\.%2Fpackage\.json\./);
});

it('finds docs/ beside resources/ (the package root), and says where it looked when an install has none', () => {
  expect(docsDir()).toBe(DOCS);
  const missing = join(tempDir(), 'docs');
  expect(listDocs(missing)).toEqual([]);
  expect(() => readDoc(missing, 'mcp.md')).toThrow(
    `The docs are not in this installation: ${missing} does not exist (the package's "files" do not ship docs/). Read them in the project's repository, docs/mcp.md.`,
  );
});

it('offers the prompt that walks an agent from the API (and its docs) to a passing integration test', async () => {
  const prompt = JSON.stringify((await h.client.getPrompt({ name: 'integration-test' })).messages);
  expect(prompt).toContain('sim://docs/partner-api.md');
  expect(prompt).toContain('verify');
});
