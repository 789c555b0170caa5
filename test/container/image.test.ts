// The container image (Dockerfile, docs/container.md): it builds, stays small, serves the partner API on a
// published port as uid 1000, passes its own HEALTHCHECK, stops on SIGTERM with exit 0 within 5 s with its
// state saved, and a new container on the same volume finds the data. The control API answers the host
// only with the control token. Skips, with one line saying why, where no container engine runs.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveNodeFlags } from '../../scripts/serve-flags.mjs';
import { BASE_IMAGE, IMAGE, LABEL, ROOT, buildImage, cleanUp, engine, engineOk, findEngine, freePort, uniqueName, waitForHttp, type EngineName } from './engine';

const found = findEngine();
if (!found.name) console.log(`[container tests] image.test.ts skipped: ${found.why}. Run ../shared/tools/container-base.sh (podman) or start docker.`);

const TOKEN = randomBytes(24).toString('base64url'); // a new one per run, as docs/container.md advises

// Checked with or without an engine: the Dockerfile repeats what package.json says once.
describe('the Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  it("starts node itself (exec form) with `npm run serve`'s node flags", () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(cmd).toEqual(['node', ...serveNodeFlags(ROOT), 'out/main/cli.js']);
  });
  it('builds on node:24-bookworm-slim', () => {
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1])).toEqual([BASE_IMAGE, BASE_IMAGE, BASE_IMAGE]);
  });
});

const basic = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;

describe.skipIf(!found.name)(`the container image (${found.name ?? 'no engine'})`, () => {
  const name = found.name as EngineName;
  const volume = uniqueName('data');
  let url = '';

  /** Runs the image detached on a free 127.0.0.1 port with the test volume at /data; resolves when it answers. */
  async function start(container: string, env: Record<string, string> = {}) {
    const port = await freePort();
    const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    await engineOk(name, ['run', '-d', '--name', container, '--label', LABEL, '-p', `127.0.0.1:${port}:4010`, '-v', `${volume}:/data`, ...envArgs, IMAGE]);
    url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/api/v2/demo/pet/list`);
  }

  const partner = (path: string, body: object) =>
    fetch(`${url}/api/v2/demo${path}`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, json: (await r.json()) as { success: boolean; message: string[]; data: Record<string, unknown> } }),
    );
  const listPets = async () => {
    const r = await fetch(`${url}/api/v2/demo/pet/list?email=maya@example.com`, { headers: { authorization: basic } });
    const json = (await r.json()) as { data: { list: { name: string }[] } };
    return json.data.list.map((p) => p.name).sort();
  };
  const inspect = async (container: string, format: string) => engineOk(name, ['inspect', '--format', format, container]);

  beforeAll(async () => {
    await buildImage(name);
    await engineOk(name, ['volume', 'create', '--label', LABEL, volume]);
  }, 15 * 60_000);
  afterAll(() => cleanUp(name), 60_000);

  it('adds at most 80 MB to node:24-bookworm-slim', async () => {
    const size = async (image: string) => Number(await engineOk(name, ['image', 'inspect', '--format', '{{.Size}}', image]));
    const added = (await size(IMAGE)) - (await size(BASE_IMAGE));
    console.log(`[container tests] the image adds ${(added / 1e6).toFixed(1)} MB to ${BASE_IMAGE}`);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(80e6);
  });

  it('serves the walk-through application-family calls (A7, A2, A5) on a published port, as uid 1000, healthy', async () => {
    const first = uniqueName('first');
    await start(first);

    // The application-family walk-through of docs/walkthroughs.md, steps 1–3 (its step 0, a control reset, is not needed on a new volume).
    const registered = await partner('/register-user', {
      first_name: 'Maya', last_name: 'Lind', email: 'maya@example.com', role: 'protect_users', emergency_fund: '500', dev_type: 'ios',
    });
    expect(registered).toMatchObject({ status: 200, json: { success: true, message: ['User registered successfully.'] } });
    const biscuit = await partner('/pet/add', { email: 'maya@example.com', name: 'Biscuit', age: '3 years 2 months', sex: 'female', species: 'dog', weight: '24' });
    expect(biscuit).toMatchObject({ status: 200, json: { success: true, message: ['Pet Added'] } });
    const miso = await partner('/pet/add', { email: 'maya@example.com', name: 'Miso', age: '1 years', sex: 'male', species: 'cat' });
    expect(miso.json.success).toBe(true);
    expect(await listPets()).toEqual(['Biscuit', 'Miso']);

    // Not root: the base image's user node.
    expect(await engineOk(name, ['exec', first, 'id', '-u'])).toBe('1000');
    expect(await inspect(first, '{{.Config.User}}')).toBe('1000:1000');

    // The image's own HEALTHCHECK command, run where the engine runs it: inside the container (loopback).
    const image = JSON.parse(await engineOk(name, ['image', 'inspect', IMAGE]))[0];
    const test: string[] = (image.Config?.Healthcheck ?? image.Healthcheck)?.Test ?? [];
    expect(test[0], 'the image has a HEALTHCHECK').toBe('CMD');
    expect((await engine(name, ['exec', first, ...test.slice(1)])).code).toBe(0);

    // Without a control token the control API answers loopback clients only; the host is not one here.
    const refused = await fetch(`${url}/__sim/v1/health`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'not_loopback' } });

    // SIGTERM (the image's STOPSIGNAL): a clean exit 0 within 5 s, the state saved. The 10 s grace
    // period means a server that ignored the signal would be killed (exit 137) and fail here.
    const t0 = Date.now();
    await engineOk(name, ['stop', '-t', '10', first]);
    const stopSeconds = (Date.now() - t0) / 1000;
    console.log(`[container tests] stopped in ${stopSeconds.toFixed(2)} s`);
    expect(stopSeconds).toBeLessThan(5);
    expect(await inspect(first, '{{.State.ExitCode}}')).toBe('0');
    const logs = await engine(name, ['logs', first]);
    expect(logs.stdout + logs.stderr).toContain('SIGTERM received');
  }, 120_000);

  it('a new container on the same volume finds the data; with VET_SIM_CONTROL_TOKEN the host drives the control API', async () => {
    const second = uniqueName('second');
    await start(second, { VET_SIM_CONTROL_TOKEN: TOKEN });
    expect(await listPets()).toEqual(['Biscuit', 'Miso']);

    const health = await fetch(`${url}/__sim/v1/health`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', data_dir: '/data', in_memory: false });
    // A control route that changes state, with the token and no loopback Host header.
    const clock = await fetch(`${url}/__sim/v1/clock`, {
      method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ advance_seconds: 60 }),
    });
    expect(clock.status).toBe(200);
    expect(((await clock.json()) as { offset_ms: number }).offset_ms).toBeGreaterThanOrEqual(60_000);

    expect((await fetch(`${url}/__sim/v1/health`)).status).toBe(403); // no token: not loopback
    const wrong = await fetch(`${url}/__sim/v1/health`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
    // The tester UI stays loopback-only, token or not.
    expect((await fetch(`${url}/__sim/`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(403);

    await engineOk(name, ['stop', '-t', '10', second]);
    expect(await inspect(second, '{{.State.ExitCode}}')).toBe('0');
  }, 120_000);

  it('refuses to start with the control token the docs used to show (issue 35 #11): exit 2 and one line saying why', async () => {
    const r = await engine(name, ['run', '--rm', '--label', LABEL, '-e', 'VET_SIM_CONTROL_TOKEN=change-me-0123456789', IMAGE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--control-token (VET_SIM_CONTROL_TOKEN) is refused: it is the example token published in this project\'s documentation.');
  }, 60_000);
});
