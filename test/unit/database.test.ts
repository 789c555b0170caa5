// The durable write path without processes: the op log replays what was not checkpointed, a torn
// tail is cut off before anything new is appended, a damaged log is never skipped silently, a write
// whose log append fails leaves no trace, and checkpoint errors are reported and retried.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src-main/core/db/database';
import { nodeFs, type DurableFs } from '../../src-main/core/db/oplog';

const file = () => join(mkdtempSync(join(tmpdir(), 'vet-db-')), 'simulator.sqlite');
const names = (db: Database) => db.all<{ name: string }>('SELECT name FROM apps ORDER BY id').map((r) => r.name);
const insertApp = (db: Database, name: string) =>
  db.run("INSERT INTO apps (name, display_name, api_username, api_token, api_key, created_at, updated_at) VALUES (?, ?, ?, 't', 'k', 'x', 'x')", [name, name, name]);
const logOf = (f: string) => readFileSync(`${f}-oplog`, 'utf8');
const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** A file system whose writes fail while `full` is set (a full disk). */
function fullDisk() {
  const state = { full: false, partial: false };
  const fs: DurableFs = {
    ...nodeFs,
    writeSync(fd, buffer, offset) {
      if (!state.full) return nodeFs.writeSync(fd, buffer, offset);
      // A real full disk often takes part of the buffer before refusing the rest.
      if (state.partial && offset === 0) return nodeFs.writeSync(fd, buffer.subarray(0, Math.floor(buffer.length / 2)), 0);
      throw enospc();
    },
    writeFileSync(f, data) {
      if (state.full) {
        nodeFs.writeFileSync(f, data.subarray(0, 10));
        throw enospc();
      }
      nodeFs.writeFileSync(f, data);
    },
  };
  return { state, fs };
}

describe('Database durability', () => {
  it('replays committed transactions that were never checkpointed, and cuts off a torn last line with a notice', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'one'));
    a.tx(() => insertApp(a, 'two'));
    appendFileSync(`${f}-oplog`, '{"seq": 99, "stmts": [["INSERT INTO apps'); // a write cut by the crash
    // no close(): the process "died"
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual(['one', 'two']);
    expect(b.notices).toHaveLength(1);
    expect(b.notices[0]).toMatch(/^The write log .*simulator\.sqlite-oplog ended in a partial entry \(40 bytes, .*\); it was removed\.$/);
    expect(logOf(f)).toBe(''); // checkpointed and emptied before any new append
    b.close();
  });

  it('writes acknowledged after a torn tail survive the next crash', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'one'));
    appendFileSync(`${f}-oplog`, '{"seq": 2, "stmts": [["INSE');
    const b = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    for (const n of ['two', 'three', 'four']) b.tx(() => insertApp(b, n));
    // b "dies" too: its writes exist only in the log
    const c = await Database.open({ file: f });
    expect(names(c)).toEqual(['one', 'two', 'three', 'four']);
    c.close();
  });

  it('a damaged entry in the middle stops replay there, keeps the log aside and says how many entries were not applied', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    for (const n of ['one', 'two', 'three', 'four']) a.tx(() => insertApp(a, n));
    const lines = logOf(f).split('\n');
    lines[1] = lines[1].replace('INSERT', 'IN\u0000SERT').slice(0, 30) + '#garbage#'; // line 2 of 4 unreadable
    writeFileSync(`${f}-oplog`, lines.join('\n'));
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual(['one']);
    expect(b.notices).toHaveLength(1);
    expect(b.notices[0]).toMatch(/^Replaying the write log .*simulator\.sqlite-oplog stopped: line 2 is damaged\. 3 entries were not applied; the log was kept as .*simulator\.sqlite-oplog\.corrupt-[\d-TZ]+\.$/);
    const aside = readdirSync(dirname(f)).filter((n) => n.startsWith('simulator.sqlite-oplog.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dirname(f), aside[0]), 'utf8')).toBe(lines.join('\n'));
    expect(logOf(f)).toBe('');
    b.close();
  });

  it('a rolled-back transaction leaves nothing in the log', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'kept'));
    const before = logOf(f);
    expect(before).toContain('kept');
    expect(() => a.tx(() => (insertApp(a, 'kept-out'), insertApp(a, 'kept-out')))).toThrow(/UNIQUE/);
    expect(logOf(f)).toBe(before);
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual(['kept']);
    b.close();
  });

  it('a write whose log append fails throws the real error and leaves no trace; writes work again once space is back', async () => {
    const f = file();
    const disk = fullDisk();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000, fs: disk.fs });
    a.tx(() => insertApp(a, 'before'));
    const logBefore = logOf(f);
    for (const partial of [false, true]) {
      disk.state.full = true;
      disk.state.partial = partial;
      expect(() => a.tx(() => insertApp(a, `lost-${partial}`))).toThrow(/^ENOSPC: no space left on device/);
      expect(names(a)).toEqual(['before']);
      expect(logOf(f)).toBe(logBefore); // no torn piece for the next append to follow
    }
    disk.state.full = false;
    a.tx(() => insertApp(a, 'after'));
    const b = await Database.open({ file: f }); // a "died" without a checkpoint
    expect(names(b)).toEqual(['before', 'after']);
    b.close();
  });

  it('a failing checkpoint timer reports the error, keeps the writes in the log and retries until it works', async () => {
    const f = file();
    const disk = fullDisk();
    const a = await Database.open({ file: f, checkpointIntervalMs: 20, fs: disk.fs });
    const size = statSync(f).size;
    disk.state.full = true;
    // The log still takes this write (the test's disk refuses whole-file writes only once `full` is
    // set for writeFileSync; appends go through writeSync, switched back on here).
    disk.fs.writeSync = nodeFs.writeSync;
    a.tx(() => insertApp(a, 'kept-in-log'));
    await new Promise((r) => setTimeout(r, 200));
    expect(a.notices).toHaveLength(1);
    expect(a.notices[0]).toMatch(/^Saving .*simulator\.sqlite failed \(ENOSPC: no space left on device, write\); retrying in \d+ s\. Acknowledged writes are kept in the write log meanwhile\.$/);
    expect(statSync(f).size).toBe(size);
    expect(readdirSync(dirname(f)).filter((n) => n.includes('.tmp-'))).toEqual([]); // no half-written temp file left
    expect(logOf(f)).toContain('kept-in-log');
    disk.state.full = false;
    await new Promise((r) => setTimeout(r, 1500)); // the first retry comes after 1 s
    expect(a.notices).toHaveLength(1);
    expect(a.notices[0]).toMatch(/^Saving .*simulator\.sqlite works again/);
    expect(logOf(f)).toBe('');
    a.close();
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual(['kept-in-log']);
    b.close();
  });

  it('removes temp files a killed checkpoint left, and keeps a log without its database aside', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'one'));
    a.close();
    writeFileSync(`${f}.tmp-999999`, 'half a checkpoint');
    const b = await Database.open({ file: f });
    expect(existsSync(`${f}.tmp-999999`)).toBe(false);
    expect(names(b)).toEqual(['one']);
    b.close();

    const g = file();
    writeFileSync(`${g}-oplog`, '{"seq":1,"stmts":[["DELETE FROM apps",[]]]}\n');
    const c = await Database.open({ file: g });
    expect(c.notices[0]).toMatch(/^The write log .*-oplog was found without its database .*; it was kept aside as .*-oplog\.corrupt-/);
    expect(logOf(g)).toBe('');
    c.close();
  });

  it('after a restore, entries of the old log are never replayed onto the restored data', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'before-snapshot'));
    const snapshot = a.export();
    for (let i = 0; i < 5; i++) a.tx(() => insertApp(a, `after-${i}`));
    await a.replaceWith(snapshot);
    a.tx(() => insertApp(a, 'after-restore'));
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual(['before-snapshot', 'after-restore']);
    b.close();
  });

  it('a refused restore changes neither the data nor the file', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'kept'));
    a.checkpoint();
    const onDisk = readFileSync(f);
    const broken = a.export();
    broken.fill(0x41, 4096, 8192); // page 2 is garbage
    await expect(a.replaceWith(broken)).rejects.toThrow(/^The snapshot is damaged/);
    expect(names(a)).toEqual(['kept']);
    expect(readFileSync(f).equals(onDisk)).toBe(true);
    a.tx(() => insertApp(a, 'still-works'));
    expect(names(a)).toEqual(['kept', 'still-works']);
    a.close();
  });
});
