// Issue 14, cold start: the CLI loads only what its first request needs and keeps Node's compile cache.
// No timings here (the benchmarks print those); these are the behaviours the faster start relies on.
import module from 'node:module';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REGISTRATION } from '../helpers';
import { CLI, run, tempDir, requireBuild } from './run';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** Every file under a folder, however deep (the cache keeps one folder per Node version). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [e.name])) : [];

describe('cold start', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('the first request answers 200, and the first session token is signed once the signer is loaded on demand', async () => {
    const r = run(['--port', '0', '--in-memory']);
    try {
      const url = await r.ready;
      const first = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
      expect(first.status).toBe(200);
      expect((await first.json()).success).toBe(true);
      const registered = await fetch(`${url}/client/user/1/v2/register-user`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(CLIENT_REGISTRATION),
      });
      expect(registered.status).toBe(200);
      const tokens = JSON.stringify((await registered.json()).data).match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? [];
      expect(tokens.length).toBeGreaterThan(0);
      const header = JSON.parse(Buffer.from(String(tokens[0]).split('.')[0], 'base64url').toString('utf8'));
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    } finally {
      r.child.kill('SIGKILL');
      await r.exited;
    }
  });

  it.skipIf(!hasCompileCache)('keeps the compile cache even when the simulator is killed, so the next start reuses it', async () => {
    const cache = tempDir();
    const r = run(['--port', '0', '--in-memory'], { NODE_COMPILE_CACHE: cache });
    try {
      const url = await r.ready;
      expect((await fetch(`${url}/api/v2/demo/media-url`, { headers: auth })).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (filesUnder(cache).length === 0 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
    } finally {
      r.child.kill('SIGKILL');
      await r.exited;
    }
    expect(filesUnder(cache).length).toBeGreaterThan(0);
  });
});
