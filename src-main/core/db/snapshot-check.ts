// Checks an uploaded snapshot completely, in a database of its own, before it may replace the data.
// A refused snapshot changes nothing: it never touches the live database or the file on disk.
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';

export class SnapshotRefused extends Error {}

const SQLITE_HEADER = 'SQLite format 3\0';

interface SchemaEntry { type: string; name: string; tbl_name: string; sql: string | null }

/** The objects a database defines itself (SQLite's own `sqlite_*` bookkeeping excluded). */
function schemaOf(db: SqlJsDatabase): SchemaEntry[] {
  const rows = db.exec("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name")[0]?.values ?? [];
  return rows.map(([type, name, tbl_name, sql]) => ({ type: String(type), name: String(name), tbl_name: String(tbl_name), sql: sql === null ? null : String(sql) }));
}

/** The schema this simulator's migrations produce at `version`. */
function referenceSchema(SQL: SqlJsStatic, migrations: string[], version: number): SchemaEntry[] {
  const ref = new SQL.Database();
  try {
    for (let v = 0; v < version; v++) ref.run(migrations[v]);
    return schemaOf(ref);
  } finally {
    ref.close();
  }
}

function compareSchema(actual: SchemaEntry[], expected: SchemaEntry[]): void {
  const key = (e: SchemaEntry) => `${e.type} ${e.name}`;
  const want = new Map(expected.map((e) => [key(e), e]));
  for (const e of actual) {
    if (e.type === 'trigger' || e.type === 'view') throw new SnapshotRefused(`The snapshot defines a ${e.type} of its own (${e.name}); snapshots of this simulator have none.`);
    const w = want.get(key(e));
    if (!w) throw new SnapshotRefused(`The snapshot has ${e.type === 'index' ? 'an' : 'a'} ${e.type} this simulator does not define (${e.name}).`);
    if (w.sql !== e.sql) throw new SnapshotRefused(`The snapshot's ${e.type} ${e.name} differs from this simulator's schema.`);
    want.delete(key(e));
  }
  const missing = [...want.values()].sort((a, b) => Number(a.type !== 'table') - Number(b.type !== 'table'))[0];
  if (missing) throw new SnapshotRefused(`The snapshot lacks the ${missing.type} ${missing.name}.`);
}

function single(db: SqlJsDatabase, sql: string): unknown {
  return db.exec(sql)[0]?.values[0]?.[0];
}

/**
 * Opens `bytes` as a snapshot and brings it to the current schema; throws SnapshotRefused (saying
 * why) unless it is a sound database of this simulator: intact pages, exactly the tables, columns
 * and indexes the migrations create (no triggers or views that could run on the next write), and
 * pet images of image types only. The caller owns the returned database.
 */
export function openSnapshot(SQL: SqlJsStatic, bytes: Uint8Array, migrations: string[], imageTypes: string[]): SqlJsDatabase {
  if (bytes.length < 100 || Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== SQLITE_HEADER) throw new SnapshotRefused('The file is not a SQLite database.');
  let db: SqlJsDatabase | undefined;
  try {
    try {
      db = new SQL.Database(bytes);
      const result = db.exec('PRAGMA integrity_check')[0]?.values.map((r) => String(r[0])) ?? [];
      if (result.join() !== 'ok') throw new SnapshotRefused(`The snapshot is damaged: ${result.slice(0, 3).join('; ')}.`);
    } catch (err) {
      if (err instanceof SnapshotRefused) throw err;
      throw new SnapshotRefused(`The snapshot is damaged: ${(err as Error).message}.`);
    }
    const version = Number(single(db, 'PRAGMA user_version') ?? 0);
    if (version < 1) throw new SnapshotRefused('The file is a SQLite database, but not a snapshot of this simulator.');
    if (version > migrations.length) throw new SnapshotRefused(`The snapshot is from a newer version of the simulator (schema ${version}; this one knows up to ${migrations.length}).`);
    // Compared before migrating: a trigger of its own would run during the migration.
    compareSchema(schemaOf(db), referenceSchema(SQL, migrations, version));
    for (let v = version; v < migrations.length; v++) {
      db.run('BEGIN');
      db.run(migrations[v]);
      db.run(`PRAGMA user_version = ${v + 1}`);
      db.run('COMMIT');
    }
    if (!schemaOf(db).some((e) => e.name === 'media')) return db;
    const stmt = db.prepare(`SELECT mime FROM media WHERE mime NOT IN (${imageTypes.map(() => '?').join(', ')}) LIMIT 1`);
    stmt.bind(imageTypes);
    const bad = stmt.step() ? stmt.get()[0] : undefined;
    stmt.free();
    if (bad !== undefined) throw new SnapshotRefused(`The snapshot holds a pet image of type ${JSON.stringify(String(bad).slice(0, 80))}; only ${imageTypes.join(', ')} are served.`);
    return db;
  } catch (err) {
    db?.close();
    if (err instanceof SnapshotRefused) throw err;
    throw new SnapshotRefused(`The snapshot could not be read: ${(err as Error).message}.`);
  }
}
