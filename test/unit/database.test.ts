// The durable write path without processes: the op log replays what was not checkpointed, a torn
// last line is ignored, and a restore never lets the old log replay onto the restored data.
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src-main/core/db/database';

const file = () => join(mkdtempSync(join(tmpdir(), 'vet-db-')), 'simulator.sqlite');
const names = (db: Database) => db.all<{ name: string }>('SELECT name FROM apps ORDER BY id').map((r) => r.name);
const insertApp = (db: Database, name: string) =>
  db.run("INSERT INTO apps (name, display_name, api_username, api_token, api_key, created_at, updated_at) VALUES (?, ?, ?, 't', 'k', 'x', 'x')", [name, name, name]);

describe('Database durability', () => {
  it('replays committed transactions that were never checkpointed, and ignores a torn last line', async () => {
    const f = file();
    const a = await Database.open({ file: f, checkpointIntervalMs: 3_600_000 });
    a.tx(() => insertApp(a, 'one'));
    a.tx(() => insertApp(a, 'two'));
    appendFileSync(`${f}-oplog`, '{"seq": 99, "stmts": [["INSERT INTO apps'); // a write cut by the crash
    // no close(): the process "died"
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual(['one', 'two']);
    expect(b.notices).toEqual([]);
    b.close();
  });
  it('a rolled-back transaction leaves nothing in the log', async () => {
    const f = file();
    const a = await Database.open({ file: f });
    expect(() => a.tx(() => (insertApp(a, 'kept-out'), insertApp(a, 'kept-out')))).toThrow(/UNIQUE/);
    const b = await Database.open({ file: f });
    expect(names(b)).toEqual([]);
    b.close();
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
});
