// An in-place reset runs the seeding's one-row INSERTs again as multi-row INSERTs (db/seed-batches.ts):
// fewer trips through sql.js, the same rows in the same order, and the op log still holding the
// statements one by one (a replay after a crash rebuilds the same state from them).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src-main/core/db/database';
import type { Statement } from '../../src-main/core/db/oplog';
import { batchedInserts } from '../../src-main/core/db/seed-batches';

const VET = 'INSERT INTO vets (id, username, first_name, last_name, email, profile_image, online) VALUES (?,?,?,?,?,?,?)';
const PACKAGE = 'INSERT INTO packages (id, name, type, price) VALUES (?,?,?,?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, price = excluded.price';
const vet = (n: number): Statement => [VET, [`vet_${n}`, `dr.${n}`, 'Ada', 'Moreno', `v${n}@vets.example`, null, 1]];
const pkg = (id: string, price: string): Statement => [PACKAGE, [id, `Plan ${id}`, 'monthly', price]];

describe('batchedInserts', () => {
  it('joins a run of one INSERT into one statement, keeping its upsert clause and the order of rows and parameters', () => {
    const app: Statement = ['INSERT INTO apps (id, name)\n       VALUES (?,?)', [1, 'demo']];
    expect(batchedInserts([app, vet(1), vet(2), vet(3), pkg('1', '9.99'), pkg('2', '99.00')])).toEqual([
      app,
      [`${VET}, (?,?,?,?,?,?,?), (?,?,?,?,?,?,?)`, [...vet(1)[1], ...vet(2)[1], ...vet(3)[1]]],
      ['INSERT INTO packages (id, name, type, price) VALUES (?,?,?,?), (?,?,?,?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, price = excluded.price', [...pkg('1', '9.99')[1], ...pkg('2', '99.00')[1]]],
    ]);
  });

  it('leaves alone what is not a run: other statements, runs broken by another statement, INSERT … SELECT', () => {
    const select: Statement = ['INSERT INTO vets SELECT * FROM vets WHERE id = ?', ['vet_1']];
    const update: Statement = ['UPDATE apps SET name = ? WHERE id = ?', ['x', 1]];
    const stmts = [vet(1), update, vet(2), select, select];
    expect(batchedInserts(stmts)).toEqual(stmts);
  });

  it('leaves alone a run whose statement has a parameter after its row (an upsert setting a value)', () => {
    const upsert = (n: number): Statement => ['INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = ?', [`k${n}`, 'v', 'v']];
    const stmts = [upsert(1), upsert(2)];
    expect(batchedInserts(stmts)).toEqual(stmts);
  });

  it('keeps every statement under 999 parameters, the lowest limit SQLite has had', () => {
    const many = Array.from({ length: 300 }, (_, i) => vet(i));
    const batched = batchedInserts(many);
    expect(batched.map(([, p]) => p.length)).toEqual([994, 994, 112]); // 142 + 142 + 16 rows of 7
    expect(batched.flatMap(([, p]) => p)).toEqual(many.flatMap(([, p]) => p));
  });
});

describe('an in-place reset with batched seeding', () => {
  it('leaves the rows the seeding left, in the same order, and logs the seeding statement by statement', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vet-seed-batches-')), 'simulator.sqlite');
    const db = await Database.open({ file, checkpointIntervalMs: 3_600_000 });
    const seed = () => {
      for (let n = 1; n <= 3; n++) db.run(VET, vet(n)[1]);
      db.run(PACKAGE, pkg('1', '9.99')[1]);
      db.run(PACKAGE, pkg('1', '12.50')[1]); // the second row of the batch updates the first
      db.run(PACKAGE, pkg('2', '99.00')[1]);
    };
    const rows = () => ({
      vets: db.all('SELECT rowid, * FROM vets ORDER BY rowid'),
      packages: db.all('SELECT rowid, * FROM packages ORDER BY rowid'),
    });
    await db.resetToSeeded(seed, { key: 'k' }); // seeds an empty image, keeps it
    const seeded = rows();
    expect(seeded.packages).toMatchObject([{ id: '1', price: '12.50' }, { id: '2', price: '99.00' }]);
    db.uow.run((tx) => tx.run(VET, vet(9)[1]));
    await db.resetToSeeded(seed, { key: 'k' }); // in place, with the batched statements
    expect(rows()).toEqual(seeded);
    const log = readFileSync(`${file}-oplog`, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { reset?: boolean; stmts: Statement[] });
    expect(log.at(-1)!.reset).toBe(true);
    expect(log.at(-1)!.stmts.map(([sql]) => sql)).toEqual([VET, VET, VET, PACKAGE, PACKAGE, PACKAGE]);
    db.close();
  });
});
