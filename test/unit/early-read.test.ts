// Issue 14, cold start: the CLI reads the database file on libuv's threads while its code loads
// (core/perf/early-read.ts). Those bytes stand in for the file only while it is still the file that was read:
// a simulator that saved in between (a new file renamed onto the old one) must be read again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { databaseFile, readEarly, takeEarly } from '../../src-main/core/perf/early-read';
import { openSimulator } from '../../src-main/core/simulator';

const folder = () => mkdtempSync(join(tmpdir(), 'vet-early-read-'));

async function addUser(dataDir: string, email: string) {
  const sim = await openSimulator({ dataDir });
  const app = sim.services.apps.byId(1)!;
  sim.services.users.registerApplicationUser(app, { email, first_name: 'Early', role: 'users', dev_type: 'ios' });
  await sim.close(); // checkpoints: a new simulator.sqlite is renamed onto the old one
}

const emails = (sim: Awaited<ReturnType<typeof openSimulator>>) => sim.ctx.db.all<{ email: string }>('SELECT email FROM users ORDER BY id').map((r) => r.email);

describe('the database file read ahead', () => {
  it('is the file as it is when nothing changed it', async () => {
    const dir = folder();
    const file = join(dir, 'data.bin');
    writeFileSync(file, 'the bytes on disk');
    const early = readEarly(file);
    expect((await takeEarly(early, file))?.toString()).toBe('the bytes on disk');
  });

  it('is the whole file when it is read in many parts at once (a file of 20 MB, an empty one)', async () => {
    const dir = folder();
    const file = join(dir, 'big.bin');
    const bytes = randomBytes(20 * 1024 * 1024 + 12_345);
    writeFileSync(file, bytes);
    expect((await takeEarly(readEarly(file), file))?.equals(bytes)).toBe(true);
    writeFileSync(file, '');
    expect((await takeEarly(readEarly(file), file))?.length).toBe(0);
  });

  it('is not used when the file was replaced, touched, is missing, or is another file', async () => {
    const dir = folder();
    const file = join(dir, 'data.bin');
    writeFileSync(file, 'old bytes');
    const replaced = readEarly(file);
    await replaced.read;
    writeFileSync(join(dir, 'next.bin'), 'new bytes');
    renameSync(join(dir, 'next.bin'), file);
    expect(await takeEarly(replaced, file)).toBeUndefined();

    const touched = readEarly(file);
    await touched.read;
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await takeEarly(touched, file)).toBeUndefined();

    expect(await takeEarly(readEarly(join(dir, 'missing.bin')), join(dir, 'missing.bin'))).toBeUndefined();
    expect(await takeEarly(readEarly(file), join(dir, 'other.bin'))).toBeUndefined();
    expect(await takeEarly(undefined, file)).toBeUndefined();
  });

  it('a simulator opened with a read taken before another one saved sees what was saved', async () => {
    const dir = folder();
    await addUser(dir, 'first@early.example');
    const early = readEarly(databaseFile(dir));
    await early.read;
    await addUser(dir, 'saved-after-the-read@early.example');

    const sim = await openSimulator({ dataDir: dir, earlyRead: early });
    try {
      expect(emails(sim)).toEqual(['first@early.example', 'saved-after-the-read@early.example']);
    } finally {
      await sim.close();
    }
  });

  it('a simulator opened with a current read sees the same data as one that reads the file itself', async () => {
    const dir = folder();
    await addUser(dir, 'only@early.example');
    const sim = await openSimulator({ dataDir: dir, earlyRead: readEarly(databaseFile(dir)) });
    try {
      expect(emails(sim)).toEqual(['only@early.example']);
    } finally {
      await sim.close();
    }
  });

  it('lets its bytes go once the simulator has opened them (sql.js keeps its own copy: 70 MB at 100,000 users)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const dir = folder();
    await addUser(dir, 'held@early.example');
    const early = readEarly(databaseFile(dir)); // held below, as the CLI holds its read for the whole run
    const bytes = await (async () => new WeakRef((await early.read)!.bytes))();
    const sim = await openSimulator({ dataDir: dir, earlyRead: early });
    try {
      expect(emails(sim)).toEqual(['held@early.example']);
      await new Promise((r) => setTimeout(r, 10));
      gc();
      expect(bytes.deref(), 'the bytes read ahead are still reachable').toBeUndefined();
      expect(await takeEarly(early, databaseFile(dir))).toBeUndefined(); // taken once
    } finally {
      await sim.close();
    }
  });
});
