// The cheaper write path keeps what it replaced: the log line is the same JSON as before, inserted
// ids are right inside one transaction, and A2's returned pet is exactly what a read returns.
import { describe, expect, it } from 'vitest';
import { Database } from '../../src-main/core/db/database';
import { JOURNAL_MIGRATIONS } from '../../src-main/core/db/migrations';
import { encodeRecord, type LogRecord } from '../../src-main/core/db/oplog';
import { openDomain } from './domain-harness';

describe('write path', () => {
  it('a log record is one line of the JSON the reader expects, blobs in base64, the reset flag kept', () => {
    const rec: LogRecord = { seq: 7, stmts: [['INSERT INTO t (a, "b") VALUES (?, ?)', ['naïve "quoted"\n', 1.5]], ['DELETE FROM media WHERE data = ?', [new Uint8Array([0, 255, 7]), null]]] };
    const line = encodeRecord(rec).toString('utf8');
    expect(line.endsWith('\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({ seq: 7, stmts: [['INSERT INTO t (a, "b") VALUES (?, ?)', ['naïve "quoted"\n', 1.5]], ['DELETE FROM media WHERE data = ?', [{ b64: 'AP8H' }, null]]] });
    expect(encodeRecord(rec).toString('utf8')).toBe(line); // the same statement again, from the kept JSON text
    expect(JSON.parse(encodeRecord({ seq: 8, reset: true, stmts: [] }).toString('utf8'))).toEqual({ seq: 8, reset: true, stmts: [] });
  });

  it('run() gives each insert of one transaction its own id', async () => {
    const db = await Database.open();
    const ids = db.uow.run((tx) =>
      ['a', 'b', 'c'].map((n) => tx.run("INSERT INTO vets (id, username, first_name, last_name, email) VALUES (?, ?, 'x', 'y', ?)", [n, n, `${n}@x`]).lastId),
    );
    const rowids = db.all<{ r: number }>('SELECT rowid AS r FROM vets ORDER BY rowid').map((r) => r.r);
    expect(ids).toEqual(rowids);
    expect(db.uow.run((tx) => tx.run("INSERT INTO meta (key, value) VALUES ('k', 'v')").lastId)).toBe(Number(db.get<{ r: number }>("SELECT rowid AS r FROM meta WHERE key = 'k'")!.r));
    db.close();
  });

  it('pets.add returns exactly the stored row, in column order, whatever the input looks like', async () => {
    const { db, services: s, uow } = await openDomain();
    const app = s.apps.byId(1)!;
    const user = s.users.registerApplicationUser(app, { email: 'kim@example.com', first_name: 'Kim', role: 'users', dev_type: 'ios' });
    const inputs = [
      { name: 'Rex', age: '2 year 3 months', sex: 'male' },
      { name: 'Mia', age: '1 years', sex: 'female', species: 'CAT', breed: 'Tabby', color: 'grey', weight: 4.5, sex_type: 'spayed', dob: '2020-01-01' },
      { name: 'Odd', age: '3 years', sex: 'male', weight: ' 12 kg ' },
    ];
    for (const input of inputs) {
      const added = uow.run((tx) => s.pets.add(tx, app, user, input).pet);
      const read = uow.run((tx) => tx.pets.byId(added.id)!);
      expect(added).toStrictEqual(read);
      expect(Object.keys(added)).toEqual(Object.keys(read));
    }
    db.close();
  });
});

describe('page cache size', () => {
  it('cacheSizeKiB sets SQLite page cache, and keeps it across a reset that swaps in a new image and across a replay', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'vet-cache-')), 'journal.sqlite');
    const cache = (db: Database) => db.get<{ cache_size: number }>('SELECT cache_size FROM pragma_cache_size()')!.cache_size;
    const db = await Database.open({ file, migrations: JOURNAL_MIGRATIONS, cacheSizeKiB: 64, checkpointIntervalMs: 3_600_000 });
    expect(cache(db)).toBe(-64);
    await db.resetToSeeded((tx) => tx.run("INSERT INTO meta (key, value) VALUES ('seeded', '1')")); // a first seeding swaps in a new image
    expect(cache(db)).toBe(-64);
    const reopened = await Database.open({ file, migrations: JOURNAL_MIGRATIONS, cacheSizeKiB: 64 }); // replays the reset record
    expect(cache(reopened)).toBe(-64);
    expect(cache(await Database.open())).toBe(-2000); // SQLite's own default otherwise
  });
});

describe('rows', () => {
  it('a row has the columns in select order; a repeated name keeps its first place and its last value; odd names are just names', async () => {
    const db = await Database.open();
    expect(db.all('SELECT 1 AS b, 2 AS a, 3 AS b')).toEqual([{ b: 3, a: 2 }]);
    expect(Object.keys(db.get('SELECT 1 AS b, 2 AS a, 3 AS b')!)).toEqual(['b', 'a']);
    const odd = db.get<Record<string, unknown>>(`SELECT 1 AS "}; process.exit(1); ({", 2 AS "x""y\\", 3 AS "a b"`)!;
    expect(odd).toEqual({ '}; process.exit(1); ({': 1, 'x"y\\': 2, 'a b': 3 });
    expect(db.all('SELECT id, name FROM apps')).toEqual([]);
    db.close();
  });
});
