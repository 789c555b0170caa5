// Issue 35 finding 21, seen in a black-box run: the ready file was removed at start before the data folder's
// lock was taken, so a second `serve` on the folder of a running simulator (a CI retry, a double start) exited 4
// and took the RUNNING server's ready file with it: a job waiting for that file then waited for nothing, though
// the URL it describes still answered. A start removes a previous run's file only when that run is gone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, tempDir, requireBuild } from './run';

describe('--ready-file of a running simulator', () => {
  beforeAll(() => {
    requireBuild();
  });

  it('is left in place by a second start that is refused (data folder in use, exit 4)', async () => {
    const dir = tempDir();
    const file = join(dir, 'ready.json');
    const data = join(dir, 'data');
    const first = run(['--port', '0', '--data-dir', data, '--ready-file', file]);
    const url = await first.ready;
    try {
      const written = readFileSync(file, 'utf8');
      const second = run(['--port', '0', '--data-dir', data, '--ready-file', file]);
      expect(await second.exited).toBe(4);
      expect(second.stderr()).toContain('is in use by another simulator');
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(written);
      expect((await fetch(`${url}/__sim/v1/health`)).status).toBe(200); // what the file says still answers
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
    expect(existsSync(file)).toBe(false); // and the running one still removes it at its own stop
  });
});
