// Issue 14, cold start on Node without a compile cache of its own (Node 20): the CLI runs its CommonJS
// build through V8's code cache (one cache per chunk that a start reads; the express side's chunks only
// once a request needs them), kept in NODE_COMPILE_CACHE (or Node's default folder), written shortly
// after start so that a killed simulator keeps it too; a damaged cache is refused by V8 and replaced.
import module from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild, run, tempDir } from '../cli/run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const cacheFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => /^vet-consult-sim-[0-9a-f]{16}\.v8cache$/.test(n)) : []);

const pause = () => new Promise((res) => setTimeout(res, 2500));

async function waitFor<T>(what: () => T | undefined, ms = 10_000): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `serve`, checks that the first partner request answers 200, waits for `meanwhile`, then kills it. */
async function startAnswerAndKill(cache: string, meanwhile: () => Promise<unknown>) {
  const r = run(['--port', '0', '--in-memory'], { NODE_COMPILE_CACHE: cache });
  try {
    const url = await r.ready;
    const first = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
    expect(first.status).toBe(200);
    expect((await first.json()).message).toEqual(['Media URL']);
    await meanwhile();
  } finally {
    r.child.kill('SIGKILL');
    await r.exited;
  }
  expect(r.stderr()).toBe('');
}

describe.skipIf(hasCompileCache)('the code cache of serve (Node without module.enableCompileCache)', () => {
  beforeAll(() => {
    requireBuild();
    expect(existsSync(join(CLI, '..', 'serve-cjs', 'cold-entry.cjs'))).toBe(true);
  });

  it('is written after start even when the simulator is killed, and the next start uses it without rewriting it', async () => {
    const cache = tempDir();
    await startAnswerAndKill(cache, () => waitFor(() => (cacheFiles(cache).length ? true : undefined)));
    const [name] = cacheFiles(cache);
    expect(name).toBeDefined();
    const file = join(cache, name);
    const written = statSync(file).mtimeMs;
    expect(statSync(file).size).toBeGreaterThan(100_000);

    // V8 accepted it: a refused cache would be replaced 1.5 s after start.
    await startAnswerAndKill(cache, pause);
    expect(cacheFiles(cache)).toEqual([name]);
    expect(statSync(file).mtimeMs).toBe(written);
  }, 60_000);

  it('a damaged cache does not stop a start; it is replaced by a good one', async () => {
    const cache = tempDir();
    await startAnswerAndKill(cache, pause);
    const [name] = cacheFiles(cache);
    expect(name).toBeDefined();
    const file = join(cache, name);
    writeFileSync(file, 'not a V8 code cache');

    await startAnswerAndKill(cache, pause);
    expect(readFileSync(file).length).toBeGreaterThan(100_000);
  }, 60_000);

  it('neither reads nor writes a cache through a symlinked folder (another user could repoint it between check and use)', async () => {
    const real = tempDir();
    const link = join(tempDir(), 'cache-link');
    symlinkSync(real, link);
    await startAnswerAndKill(link, pause);
    expect(cacheFiles(real)).toEqual([]);
  }, 30_000);

  it('loads each chunk once: the control API (its own chunks) acts on the same state and error classes as the partner path', async () => {
    const r = run(['--port', '0', '--in-memory'], { NODE_COMPILE_CACHE: tempDir() });
    try {
      const url = await r.ready;
      // A core error thrown through the control API's chunk is still recognised as the core's own class.
      const missing = await fetch(`${url}/__sim/v1/consultations/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'Consultation Not Found' } });
      // A limit set through the control API is the limit the partner path enforces.
      const patched = await fetch(`${url}/__sim/v1/apps/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rate_limit_per_minute: 2 }) });
      expect(patched.status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/api/v2/demo/media-url`, { headers: auth })).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      r.child.kill('SIGKILL');
      await r.exited;
    }
  }, 30_000);
});
