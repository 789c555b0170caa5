// Issue 14, cold start on Node without a compile cache of its own (Node 20): the CLI runs its one-file
// build through V8's code cache, kept in NODE_COMPILE_CACHE (or Node's default folder), written shortly
// after start so that a killed simulator keeps it too; a damaged cache is refused by V8 and replaced.
import module from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
    expect(existsSync(join(CLI, '..', 'serve.cjs'))).toBe(true);
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
});
