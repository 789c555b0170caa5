// Issue 14, cold start: `serve` evaluates what the first partner answer uses and nothing else. The
// control API, the OpenAPI documents, the UI's static files and pet media load on the first request
// that needs them, and a request that arrives while they load is answered as if they had been there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, tempDir } from '../cli/run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
const RECORDER = pathToFileURL(join(__dirname, 'record-loads.mjs')).href;
const OUT = pathToFileURL(join(CLI, '..')).href;

/** Sources that only the express side needs, as the build names them in its chunks. */
const NOT_ON_THE_PARTNER_PATH = ['src-main/core/control/', 'src-main/core/openapi/', 'src-main/core/http/static-ui.ts', 'src-main/core/http/media.ts', 'src-main/core/express-host.ts'];
const sourcesIn = (chunkUrl: string) => [...readFileSync(new URL(chunkUrl), 'utf8').matchAll(/^\/\/ (src-\S+)/gm)].map((m) => m[1]);

let children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children = [];
});

/** `serve --in-memory` with every module load recorded; resolves with its URL once it printed the ready line. */
function start(): Promise<{ url: string; loaded: () => string[] }> {
  const log = join(tempDir(), 'loads.txt');
  const child = spawn(process.execPath, ['--import', RECORDER, CLI, '--port', '0', '--in-memory'], {
    env: { ...process.env, VET_SIM_LOAD_LOG: log }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const loaded = () => readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith(OUT));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], loaded });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code} before its ready line: ${out}`)));
  });
}

describe('the cold path of serve', () => {
  beforeAll(requireBuild);

  it('answers the first partner request without evaluating the control API, OpenAPI documents, UI or media code', async () => {
    const { url, loaded } = await start();
    const first = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, status_code: 200, message: ['Media URL'], data: { media_url: `${url}/media/demo/` } });

    const before = loaded().flatMap(sourcesIn);
    expect(before).toContain('src-main/core/partner/pipeline.ts'); // the recorder sees the bundle's sources
    for (const source of NOT_ON_THE_PARTNER_PATH) expect(before.filter((s) => s.startsWith(source))).toEqual([]);

    // The first control request loads them and is answered in full, its JSON body included.
    const patched = await fetch(`${url}/__sim/v1/apps/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate_limit_per_minute: 7 }) });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: 1, name: 'demo', rate_limit_per_minute: 7 });
    expect(loaded().flatMap(sourcesIn)).toEqual(expect.arrayContaining(['src-main/core/express-host.ts', 'src-main/core/control/index.ts']));
  });

  it('answers requests that arrive together while the control API and UI are still loading, each as it would later', async () => {
    const { url } = await start();
    const [patched, health, ui, nowhere, partner] = await Promise.all([
      fetch(`${url}/__sim/v1/apps/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate_limit_per_minute: 9 }) }),
      fetch(`${url}/__sim/v1/health`),
      fetch(`${url}/__sim/`),
      fetch(`${url}/nowhere`),
      fetch(`${url}/api/v2/demo/media-url`, { headers: auth }),
    ]);
    expect(patched.status).toBe(200);
    expect((await patched.json()).rate_limit_per_minute).toBe(9);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', api_base_url: url, in_memory: true });
    expect(ui.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect([200, 503]).toContain(ui.status); // 503 with a how-to when the UI is not built
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toEqual({ success: false, status_code: 404, message: ['Route Not Found'], data: [] });
    expect(partner.status).toBe(200);
    // The rate limit set by the first request is the one the partner API now reports.
    const next = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
    expect(next.headers.get('x-ratelimit-limit')).toBe('9');
  });
});
