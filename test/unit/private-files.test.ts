// The data folder is the user's alone (issue 29 item 6, behaviour §19): a new one is 0700 with 0600 files, and one
// found readable by others is tightened with a notice.
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src-main/core/simulator';
import { tempDir } from '../cli/run';

const mode = (p: string) => statSync(p).mode & 0o777;

describe.skipIf(process.platform === 'win32')('a private data folder', () => {
  it('is created 0700 with its database, log, journal and lock 0600', async () => {
    const dir = join(tempDir(), 'new-folder');
    const sim = await createSimulator({ dataDir: dir });
    await sim.listen(0, '127.0.0.1');
    expect(mode(dir)).toBe(0o700);
    for (const f of ['simulator.sqlite', 'simulator.sqlite-oplog', 'journal.sqlite', 'simulator.lock']) expect([f, mode(join(dir, f))]).toEqual([f, 0o600]);
    expect(sim.notices.join('\n')).not.toMatch(/readable by other users/);
    await sim.close();
  });

  it('tightens a folder and files found readable by others, and says so', async () => {
    const dir = join(tempDir(), 'loose');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const first = await createSimulator({ dataDir: dir });
    await first.close();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'simulator.sqlite'), 0o644);
    writeFileSync(join(dir, 'notes.txt'), 'not ours to change');
    chmodSync(join(dir, 'notes.txt'), 0o644);
    const sim = await createSimulator({ dataDir: dir });
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'simulator.sqlite'))).toBe(0o600);
    expect(mode(join(dir, 'notes.txt'))).toBe(0o644); // not the simulator's file
    expect(sim.notices).toContain(`The data folder ${dir} was readable by other users; it and 1 file(s) in it are now private to you (it holds secrets).`);
    await sim.close();
    // A loose file in a private folder was out of reach anyway: tightened without a notice.
    chmodSync(join(dir, 'simulator.sqlite'), 0o644);
    const quiet = await createSimulator({ dataDir: dir });
    expect(mode(join(dir, 'simulator.sqlite'))).toBe(0o600);
    expect(quiet.notices.join('\n')).not.toMatch(/readable by other users/);
    await quiet.close();
  });
});
