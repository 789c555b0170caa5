// A reset (Database.resetToSeeded through services.defaults.reset) is one op-log record: a crash
// leaves the state before it or after it, never a mix; the file is not rewritten by it; a refused
// log append changes nothing; the kept seeded state never leaks an old "now" or old ids.
import { mkdtempSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../src-main/core/db/database';
import { nodeFs, type DurableFs } from '../../src-main/core/db/oplog';
import { defaultsService } from '../../src-main/core/domain/defaults';
import { openDomain } from './domain-harness';

const CATALOGUE = [{ id: '1', name: 'Monthly', type: 'monthly', price: '9.99' }, { id: '2', name: 'Yearly', type: 'yearly', price: '99.00' }];
const T0 = Date.parse('2031-05-06T07:08:09Z');

async function open(file: string | undefined, opts: { fs?: DurableFs; now?: () => number } = {}) {
  return openDomain({ db: { file, checkpointIntervalMs: 3_600_000, fs: opts.fs }, now: opts.now ?? (() => T0) });
}
/** A large row (past the size a reset empties in place), written as any data is: in a unit of work. */
const ballast = (db: Database) => db.uow.run((tx) => tx.meta.set('ballast', 'x'.repeat(6 * 1024 * 1024)));
const dataFile = () => join(mkdtempSync(join(tmpdir(), 'vet-reset-')), 'simulator.sqlite');
const emails = (db: Database) => db.all<{ email: string }>('SELECT email FROM users ORDER BY id').map((r) => r.email);
const defaults = (db: Database) => ({
  apps: db.all<{ id: number; name: string }>('SELECT id, name FROM apps ORDER BY id'),
  vets: db.all<{ id: string }>('SELECT id FROM vets ORDER BY id').map((v) => v.id),
  packages: Number(db.get<{ n: number }>('SELECT count(*) AS n FROM packages')!.n),
});
function addKim({ services: s, uow }: Awaited<ReturnType<typeof open>>) {
  const app = s.apps.byId(1)!;
  const kim = s.users.registerApplicationUser(app, { email: 'kim@example.com', first_name: 'Kim', role: 'users', dev_type: 'ios' });
  uow.run((tx) => s.pets.add(tx, app, kim, { name: 'Rex', age: '1 years', sex: 'male' }));
  return kim;
}

describe('reset', () => {
  it('is in the log when it returns: killed before any checkpoint, the restart has the defaults and none of the old data', async () => {
    const f = dataFile();
    const a = await open(f);
    addKim(a);
    a.services.apps.create({ name: 'other' });
    const fileBefore = readFileSync(f);
    for (let i = 0; i < 3; i++) await a.services.defaults.reset(); // the first builds the seeded state, the others reuse it
    expect(readFileSync(f).equals(fileBefore)).toBe(true); // no whole-file write: the log carries the reset
    expect(readFileSync(`${f}-oplog`, 'utf8').match(/"reset":true/g)).toHaveLength(3);
    // a "dies" here
    const b = await open(f);
    expect(emails(b.db)).toEqual([]);
    expect(defaults(b.db)).toEqual({ apps: [{ id: 1, name: 'demo' }], vets: ['vet_1', 'vet_2', 'vet_3'], packages: defaults(a.db).packages });
    expect(defaults(b.db).packages).toBeGreaterThan(0);
    expect(b.db.notices).toEqual([]);
  });

  it('a reset record cut off by a crash restarts with the data from before the reset', async () => {
    const f = dataFile();
    const a = await open(f);
    addKim(a);
    const logBefore = statSync(`${f}-oplog`).size;
    await a.services.defaults.reset();
    truncateSync(`${f}-oplog`, logBefore + 40); // the kill landed mid-append: the reset was never acknowledged
    const b = await open(f);
    expect(emails(b.db)).toEqual(['kim@example.com']);
    expect(b.db.all<{ name: string }>('SELECT name FROM pets').map((p) => p.name)).toEqual(['Rex']);
    expect(b.db.notices[0]).toMatch(/ended in a partial entry/);
  });

  it('a reset whose log append fails throws the real error and changes nothing, small database or large', async () => {
    for (const big of [false, true]) {
      const f = dataFile();
      const state = { full: false };
      const fs: DurableFs = { ...nodeFs, writeSync: (fd, buf, off) => { if (state.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }); return nodeFs.writeSync(fd, buf, off); } };
      const a = await open(f, { fs });
      addKim(a);
      if (big) ballast(a.db); // past the in-place size
      await a.services.defaults.reset(); // builds the seeded state
      addKim(a);
      if (big) ballast(a.db);
      const log = readFileSync(`${f}-oplog`);
      const version = a.db.dataVersion;
      state.full = true;
      await expect(a.services.defaults.reset()).rejects.toThrow(/^ENOSPC: no space left on device/);
      expect(emails(a.db)).toEqual(['kim@example.com']);
      expect(a.db.dataVersion).toBe(version);
      expect(readFileSync(`${f}-oplog`).equals(log)).toBe(true);
      state.full = false;
      a.services.users.registerApplicationUser(a.services.apps.byId(1)!, { email: 'lee@example.com', first_name: 'Lee', role: 'users', dev_type: 'ios' });
      expect(emails(a.db)).toEqual(['kim@example.com', 'lee@example.com']); // the database still works
    }
  });

  it('a large database is replaced rather than emptied: its pages are not kept', async () => {
    const f = dataFile();
    const a = await open(f);
    await a.services.defaults.reset(); // the seeded state is kept from here on
    ballast(a.db);
    const version = a.db.dataVersion;
    await a.services.defaults.reset();
    expect(a.db.dataVersion).toBeGreaterThan(version);
    expect(a.db.export().length).toBeLessThan(512 * 1024);
    await a.services.defaults.reset(); // the small database now empties in place
    expect(a.db.get("SELECT value FROM meta WHERE key = 'ballast'")).toBeUndefined();
    addKim(a); // written into the database opened from the kept image: the image itself stays as it was
    ballast(a.db);
    await a.services.defaults.reset();
    expect(emails(a.db)).toEqual([]);
    expect(a.db.get("SELECT value FROM meta WHERE key = 'ballast'")).toBeUndefined();
    const b = await open(f);
    expect(defaults(b.db).apps).toEqual([{ id: 1, name: 'demo' }]);
    expect(b.db.get("SELECT value FROM meta WHERE key = 'ballast'")).toBeUndefined();
  });

  it('a reused seeded state is stamped now and numbers from 1 again; every reset bumps dataVersion', async () => {
    let now = T0;
    const a = await open(undefined, { now: () => now });
    addKim(a);
    await a.services.defaults.reset();
    now = T0 + 3_600_000;
    const kim = addKim(a);
    expect(kim.id).toBe(1);
    const version = a.db.dataVersion;
    await a.services.defaults.reset();
    expect(a.db.dataVersion).toBeGreaterThan(version);
    expect(a.services.apps.byId(1)).toMatchObject({ created_at: '2031-05-06 08:08:09', updated_at: '2031-05-06 08:08:09' });
    expect(emails(a.db)).toEqual([]);
    expect(addKim(a).id).toBe(1);
    expect(a.db.get<{ id: number }>('SELECT id FROM pets')!.id).toBe(1);
  });

  it('replaying a reset record bumps dataVersion and leaves exactly the reset state', async () => {
    const f = dataFile();
    const a = await open(f);
    addKim(a);
    await a.services.defaults.reset();
    const b = await Database.open({ file: f });
    expect(b.dataVersion).toBeGreaterThan(0);
    expect(emails(b)).toEqual([]);
    expect(b.export().length).toBeLessThan(512 * 1024);
    b.close();
  });

  /** Kim, a reset, then Lee, left open as a crash leaves it: the op log's lines. */
  async function kimResetLee(f: string): Promise<string[]> {
    const a = await open(f);
    addKim(a);
    await a.services.defaults.reset();
    a.services.users.registerApplicationUser(a.services.apps.byId(1)!, { email: 'lee@example.com', first_name: 'Lee', role: 'users', dev_type: 'ios' });
    return readFileSync(`${f}-oplog`, 'utf8').split('\n');
  }

  it('replay starts at the last reset: what was logged before it is superseded, even an entry that no longer applies', async () => {
    const f = dataFile();
    const lines = await kimResetLee(f);
    const first = JSON.parse(lines[0]) as { seq: number; stmts: unknown[] };
    lines[0] = JSON.stringify({ seq: first.seq, stmts: [['INSERT INTO no_such_table (x) VALUES (?)', [1]]] });
    writeFileSync(`${f}-oplog`, lines.join('\n'));
    const b = await open(f);
    expect(emails(b.db)).toEqual(['lee@example.com']);
    expect(b.db.notices).toEqual([]);
  });

  it('a reset record that cannot be replayed leaves the writes before it applied, and the notice counts what was not', async () => {
    const f = dataFile();
    const lines = (await kimResetLee(f)).filter(Boolean);
    const at = lines.findIndex((l) => (JSON.parse(l) as { reset?: boolean }).reset);
    expect(at).toBeGreaterThan(0);
    const reset = JSON.parse(lines[at]) as { seq: number; reset: boolean; stmts: unknown[] };
    lines[at] = JSON.stringify({ ...reset, stmts: [['INSERT INTO no_such_table (x) VALUES (?)', [1]]] });
    writeFileSync(`${f}-oplog`, lines.join('\n') + '\n');
    const b = await open(f);
    expect(emails(b.db)).toEqual(['kim@example.com']); // Kim was acknowledged before the reset; the reset and Lee are not applied
    expect(b.db.notices).toHaveLength(1);
    expect(b.db.notices[0]).toMatch(new RegExp(`stopped: entry ${reset.seq} could not be applied .*\\. ${lines.length - at} entries were not applied`));
  });

  it('a changed catalogue is seeded afresh at the next reset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vet-cat-'));
    const file = join(dir, 'packages.json');
    writeFileSync(file, JSON.stringify(CATALOGUE));
    const a = await open(undefined);
    const d = defaultsService({ db: a.db, uow: a.uow, apps: a.services.apps, vets: a.services.vets, payments: a.services.payments, catalogueFile: file });
    await d.reset();
    expect(a.db.all('SELECT id, price FROM packages ORDER BY id')).toEqual([{ id: '1', price: '9.99' }, { id: '2', price: '99.00' }]);
    writeFileSync(file, JSON.stringify([{ ...CATALOGUE[0], price: '12.50' }]));
    await d.reset();
    expect(a.db.all('SELECT id, price FROM packages ORDER BY id')).toEqual([{ id: '1', price: '12.50' }]);
  });
});
