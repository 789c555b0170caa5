// Issue 35 finding 21: the ready file describes this run only. A CI job that waits for it (as the README
// advises) read the previous run's dead URL: the file was neither removed at stop nor cleared at start.
import { createServer } from 'node:net';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, tempDir, requireBuild } from './run';

const STALE = JSON.stringify({ url: 'http://127.0.0.1:1', ui_url: 'http://127.0.0.1:1/__sim/', port: 1, pid: 999999, data: 'in memory' }) + '\n';

describe('--ready-file', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('is written once listening, holds this run, and is removed at SIGTERM', async () => {
    const dir = tempDir();
    const file = join(dir, 'ready.json');
    writeFileSync(file, STALE);
    const r = run(['--port', '0', '--in-memory', '--ready-file', file]);
    const url = await r.ready;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url, ui_url: `${url}/__sim/`, port: Number(new URL(url).port), pid: r.child.pid, data: 'in memory' });
    expect(readdirSync(dir)).toEqual(['ready.json']); // the temp file it was renamed from is gone
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it("a start that never listens (port taken, exit 3) leaves no previous run's URL behind", async () => {
    const file = join(tempDir(), 'ready.json');
    writeFileSync(file, STALE);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const r = run(['--port', String(port), '--in-memory', '--ready-file', file]);
      expect(await r.exited).toBe(3);
      expect(existsSync(file)).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('after kill -9 the file stays until the next start replaces it with its own', async () => {
    const dir = tempDir();
    const file = join(dir, 'ready.json');
    const first = run(['--port', '0', '--data-dir', join(dir, 'data'), '--ready-file', file]);
    const firstUrl = await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(JSON.parse(readFileSync(file, 'utf8')).url).toBe(firstUrl);
    const second = run(['--port', '0', '--data-dir', join(dir, 'data'), '--ready-file', file]);
    const url = await second.ready;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ url, pid: second.child.pid });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('a file another run wrote since is not removed at stop', async () => {
    const file = join(tempDir(), 'ready.json');
    const r = run(['--port', '0', '--in-memory', '--ready-file', file]);
    await r.ready;
    writeFileSync(file, STALE);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(STALE);
  });
});
