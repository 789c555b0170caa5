// Issue 14, cold start: `serve` evaluates what the first partner answer uses and nothing else. The
// control API, the OpenAPI documents, the UI's static files and pet media load on the first request
// that needs them, and a request that arrives while they load is answered as if they had been there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, tempDir } from '../cli/run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
const OUT = pathToFileURL(join(CLI, '..')).href;

/** Sources that only the express side needs, as the build names them in its bundles. */
const NOT_ON_THE_PARTNER_PATH = ['node_modules/express/', 'node_modules/multer/', 'src-main/core/http/body-parsers.ts', 'src-main/core/control/', 'src-main/core/openapi/', 'src-main/core/http/static-ui.ts', 'src-main/core/partner/media.ts', 'src-main/core/express-host.ts'];

interface Coverage { result: { url: string; functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[] }[] }

/**
 * The sources (as the build's `// src-…` and `// node_modules/…` markers name them) with at least one function that ran, from
 * the V8 coverage Node writes at exit (NODE_V8_COVERAGE).
 */
function sourcesThatRan(coverageDir: string): Set<string> {
  const ran = new Set<string>();
  for (const name of readdirSync(coverageDir)) {
    const { result } = JSON.parse(readFileSync(join(coverageDir, name), 'utf8')) as Coverage;
    for (const script of result.filter((s) => s.url.startsWith(OUT))) {
      const text = readFileSync(fileURLToPath(script.url), 'utf8');
      const sections = [...text.matchAll(/^\/\/ ((?:src-|node_modules\/)\S+)/gm)].map((m) => ({ at: m.index, source: m[1] }));
      for (const fn of script.functions) {
        if (!fn.ranges[0] || fn.ranges[0].count === 0) continue;
        const section = sections.filter((s) => s.at <= fn.ranges[0].startOffset).pop();
        if (section) ran.add(section.source);
      }
    }
  }
  return ran;
}

let children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children = [];
});

/** `serve --in-memory` (with V8 coverage when asked); resolves once it printed the ready line. */
function start(env: NodeJS.ProcessEnv = {}): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--in-memory'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then((code) => reject(new Error(`serve exited ${code} before its ready line: ${out}`)));
  });
}

describe('the cold path of serve', () => {
  beforeAll(requireBuild);

  it('answers its first partner request without running any code of the control API, OpenAPI documents, UI or media', async () => {
    const coverage = tempDir();
    const { url, stop } = await start({ NODE_V8_COVERAGE: coverage });
    const first = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, status_code: 200, message: ['Media URL'], data: { media_url: `${url}/media/demo/` } });
    expect(await stop()).toBe(0); // Node writes the coverage as it exits

    const ran = [...sourcesThatRan(coverage)];
    expect(ran).toContain('src-main/core/partner/pipeline.ts'); // the markers are there and the coverage is read right
    for (const source of NOT_ON_THE_PARTNER_PATH) expect(ran.filter((s) => s.startsWith(source))).toEqual([]);
  });

  it('answers a control request as the first request after start, its JSON body included', async () => {
    const { url } = await start();
    const patched = await fetch(`${url}/__sim/v1/apps/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate_limit_per_minute: 7 }) });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: 1, name: 'demo', rate_limit_per_minute: 7 });
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
