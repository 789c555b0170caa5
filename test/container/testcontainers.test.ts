// The Testcontainers recipe (recipe.ts, shown verbatim in docs/container.md, which the README links) run as a
// partner would: the image started by Testcontainers for Node, a partner call and control calls with the
// bearer token. Skips, with one line saying why, on Node < 22.19 or where no container engine runs.
// With podman and no DOCKER_HOST, it starts podman's Docker-compatible API for the run (engine.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, TESTCONTAINERS_NODE, buildImage, dockerApiFor, findEngine, nodeAtLeast, type DockerApi, type EngineName } from './engine';
import type { startSimulatorContainer } from './recipe';

const [major, minor] = TESTCONTAINERS_NODE;
const found = nodeAtLeast(TESTCONTAINERS_NODE) ? findEngine() : undefined;
const why = !found
  ? `Node ${process.version} is older than ${major}.${minor}, which testcontainers needs (npm run test:container fetches Node 24)`
  : found.why && `${found.why}. Run ../shared/tools/container-base.sh (podman) or start docker`;
if (why) console.log(`[container tests] testcontainers.test.ts skipped: ${why}.`);

/** The recipe's code, without its first line (the comment that says where it is shown). */
const recipe = readFileSync(join(__dirname, 'recipe.ts'), 'utf8').split('\n').slice(1).join('\n').trim();

describe('the recipe is the code the docs show', () => {
  it('makes a new random token per run and names no default one (issue 35 #11)', () => {
    expect(recipe).toContain("token = randomBytes(24).toString('base64url')");
    expect(recipe).not.toMatch(/token = '/);
  });
  it('docs/container.md shows recipe.ts word for word', () => {
    expect(readFileSync(join(ROOT, 'docs', 'container.md'), 'utf8')).toContain(recipe);
  });
  it('the README points to docs/container.md with the recipe\'s Node version (the recipe itself lives there only)', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toMatch(/Testcontainers \(Node ≥ 22\.19\).*\(docs\/container\.md\)/);
  });
});

describe.skipIf(!!why)(`the Testcontainers recipe (${found?.name ?? 'no engine'})`, () => {
  const name = found?.name as EngineName;
  const token = randomBytes(24).toString('base64url');
  const before: Record<string, string | undefined> = {};
  let api: DockerApi | undefined;
  let sim: Awaited<ReturnType<typeof startSimulatorContainer>> | undefined;

  beforeAll(async () => {
    await buildImage(name);
    api = await dockerApiFor(name);
    for (const [k, v] of Object.entries(api.env)) {
      before[k] = process.env[k];
      process.env[k] = v;
    }
    // Imported here: testcontainers itself does not load on an older Node (the skip above).
    const { startSimulatorContainer } = await import('./recipe');
    sim = await startSimulatorContainer(token);
  }, 15 * 60_000);

  afterAll(async () => {
    await sim?.container.stop({ timeout: 10_000 });
    await api?.stop();
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }, 60_000);

  it('serves partner calls, and control calls with the bearer token', async () => {
    const { url, control } = sim!;
    expect(new URL(url).hostname).toBe(process.env.TESTCONTAINERS_HOST_OVERRIDE ?? new URL(url).hostname);
    await control.reset();
    expect((await control.health()).status).toBe('ok');

    const partner = (path: string, body: object) =>
      fetch(`${url}/api/v2/demo${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa('demo:demo-secret')}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ success: boolean; data: { pet: { id: number; name: string } } }>);
    expect((await partner('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' })).success).toBe(true);
    const added = await partner('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
    expect(added.data.pet.name).toBe('Rex');

    expect(await control.requests.count({ endpoint: 'A2' })).toBe(1);
    const clock = await control.clock.advance(86_400);
    expect(clock.offset_ms).toBeGreaterThanOrEqual(86_400_000);
    // The host is not a loopback client of the container: without the token, the control API refuses it.
    expect((await fetch(`${url}/__sim/v1/health`)).status).toBe(403);
  });

  it('publishes the port on 127.0.0.1 only (issue 35 #11: the token opens every app\'s secrets)', async () => {
    const client = await (await import('testcontainers')).getContainerRuntimeClient();
    const info = await client.container.getById(sim!.container.getId()).inspect();
    const bindings = info.HostConfig.PortBindings as Record<string, { HostIp?: string }[]>;
    expect(bindings['4010/tcp'].map((b) => b.HostIp)).toEqual(['127.0.0.1']);
    expect(new URL(sim!.url).hostname).toBe('127.0.0.1');
  });

  it('stops the container cleanly (exit 0 after SIGTERM)', async () => {
    const stopped = await sim!.container.stop({ timeout: 10_000, remove: false });
    sim = undefined;
    const state = (await (await import('testcontainers')).getContainerRuntimeClient()).container.getById(stopped.getId());
    const info = await state.inspect();
    expect(info.State.ExitCode).toBe(0);
    await state.remove({ v: true }); // with its anonymous /data volume
  });
});
