// tenant: an app with fresh credentials, and in one call an app in a world loaded from a scenario (the document, a
// file's text, or a file's path) — the agent's code then calls the partner API with the answered credentials and
// finds the scenario's users and pets there.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MASK } from '../../src-main/core/mcp/mask';
import { tempDir } from '../cli/run';
import { startWithAgent } from './harness';

type App = { id: number; name: string; api_username: string; api_token: string };
type Created = { route: string; result: App; scenario?: { loaded: boolean; apps: number; users: number; pets: number; consultations: number } };

let h: Awaited<ReturnType<typeof startWithAgent>>;
beforeAll(async () => {
  h = await startWithAgent('tenant-agent');
});
afterAll(() => h.close());

const FIXTURES = {
  scenario: 1, title: 'Ann and Rex', seed: 7,
  apps: [{ slug: 'fixtures', token: 'fixtures-secret-0123456789' }, { slug: 'other' }],
  users: [{ email: 'ann@example.com', first_name: 'Ann' }],
  pets: [{ owner: 'ann@example.com', name: 'Rex', species: 'dog', age: '3 years', sex: 'male' }],
};

/** The partner's own call with an app's Basic credentials. */
async function petNames(app: App, email: string): Promise<{ status: number; names?: string[] }> {
  const r = await fetch(`${h.url}/api/v2/${app.name}/pet/list?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Basic ${Buffer.from(`${app.api_username}:${app.api_token}`).toString('base64')}` },
  });
  const body = (await r.json()) as { data: { list?: { name: string }[] } };
  return { status: r.status, names: body.data.list?.map((p) => p.name) };
}

it('loads a scenario document and answers its first app, where its users and pets live, with its credentials', async () => {
  const t = await h.call<Created>('tenant', { action: 'create', scenario: FIXTURES, secrets: true });
  expect(t.route).toBe('putScenario');
  expect(t.result).toMatchObject({ name: 'fixtures', api_username: 'fixtures', api_token: 'fixtures-secret-0123456789' });
  expect(t.scenario).toMatchObject({ loaded: true, apps: 2, users: 1, pets: 1, consultations: 0 });
  expect(await petNames(t.result, 'ann@example.com')).toEqual({ status: 200, names: ['Rex'] });
});

it('loads a scenario file\'s text and creates the named app beside its world, with fresh credentials (masked unless asked)', async () => {
  const yaml = 'scenario: 1\nusers:\n  - { email: raj@example.com, first_name: Raj }\n';
  const masked = await h.call<Created>('tenant', { action: 'create', name: 'agent-own', scenario_text: yaml });
  expect(masked).toMatchObject({ route: 'createApp', result: { name: 'agent-own', api_token: MASK }, scenario: { loaded: true, apps: 1, users: 1 } });
  const { items } = (await h.call<{ result: { items: App[] } }>('tenant', { action: 'list', secrets: true })).result;
  expect(items.map((a) => a.name)).toEqual(['demo', 'agent-own']); // the world is the scenario's: its default app, then ours
  const own = items.find((a) => a.name === 'agent-own')!;
  const r = await fetch(`${h.url}/api/v2/agent-own/register-user`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${own.api_username}:${own.api_token}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ola', email: 'ola@example.com', role: 'users', dev_type: 'ios' }),
  });
  expect(r.status).toBe(200);
});

it('loads a scenario file by its path and answers the app it names', async () => {
  const file = join(tempDir(), 'fixtures.json');
  writeFileSync(file, JSON.stringify(FIXTURES));
  const t = await h.call<Created>('tenant', { action: 'create', name: 'other', scenario_file: file, secrets: true });
  expect(t).toMatchObject({ route: 'putScenario', result: { name: 'other' }, scenario: { loaded: true, users: 1 } });
  expect(t.result.api_token).toMatch(/^\S{16,}$/); // drawn from the scenario's seed
  expect(await petNames(t.result, 'ann@example.com')).toMatchObject({ status: 404 }); // Ann is the first app's user
});

it('refuses, as tool errors: two scenarios, an unreadable file, a file that is not YAML or JSON, a scenario with mistakes (by line), a scenario on list', async () => {
  const error = async (args: Record<string, unknown>) => {
    const r = await h.client.callTool({ name: 'tenant', arguments: args });
    expect(r.isError, JSON.stringify(args)).toBe(true);
    return (r.content as { text: string }[])[0].text;
  };
  expect(await error({ action: 'create', scenario: FIXTURES, scenario_text: 'scenario: 1' })).toBe('scenario, scenario_text: give one scenario, not 2.');
  const missing = join(tempDir(), 'nope.yaml');
  expect(await error({ action: 'create', scenario_file: missing })).toBe(`scenario_file: cannot read ${missing} (ENOENT); the path is read where the MCP server runs.`);
  expect(await error({ action: 'create', scenario_file: '/etc/passwd' })).toBe('scenario_file: a scenario file ends in .yaml, .yml or .json (got /etc/passwd).');
  const bad = await error({ action: 'create', scenario_text: 'scenario: 1\nusers:\n  - { email: not-an-address, first_name: Ann }\n' });
  expect(bad).toMatch(/^The simulator refused: 422 invalid_scenario: /);
  expect(bad).toContain('users[0].email: not an e-mail address');
  expect(await error({ action: 'list', scenario_text: 'scenario: 1' })).toBe('scenario, scenario_text, scenario_file: only with action "create" (got "list").');
  // What was there before the refusals is still there: a refused scenario changes nothing.
  expect((await h.call<{ result: { items: App[] } }>('tenant', { action: 'list' })).result.items.map((a) => a.name)).toEqual(['fixtures', 'other']);
});

it('says in tools/list that it can load a scenario, and that this can replace the world (destructive)', async () => {
  const tenant = (await h.client.listTools()).tools.find((t) => t.name === 'tenant')!;
  expect(Object.keys(tenant.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['action', 'name', 'scenario', 'scenario_text', 'scenario_file', 'secrets']));
  expect(tenant.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  expect(tenant.description).toContain('PUT /__sim/v1/scenario (putScenario)');
});
