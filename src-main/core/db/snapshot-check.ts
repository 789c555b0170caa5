// Checks an uploaded snapshot completely, in a database of its own, before it may replace the data.
// A refused snapshot changes nothing: it never touches the live database or the file on disk.
//
// Memory: sql.js can only open a database from bytes in memory, and copies them into its own file system.
// So the upload is streamed to a temp file (never held in pieces plus their concatenation) and read back
// into one buffer of the exact size, which sql.js adopts instead of copying (openBytes); a second copy
// exists only while the checked database is exported to disk:
// two at the peak instead of five (a 450 MB restore peaked at 2.3 GB; bench/restore-memory.mjs).
import { closeSync, createWriteStream, openSync, readdirSync, readSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { FILE_MODE } from './private-files';
import { badRowOf } from './snapshot-rows';

export class SnapshotRefused extends Error {}

const SQLITE_HEADER = 'SQLite format 3\0';

/** The first check, made on the first 100 bytes: what is not a SQLite file is refused before it is read whole. */
function checkHeader(head: Uint8Array): void {
  if (head.length < 100 || Buffer.from(head.subarray(0, 16)).toString('latin1') !== SQLITE_HEADER) throw new SnapshotRefused('The file is not a SQLite database.');
}

// Buffers whose owner gave them up to openSnapshot (receiveSnapshot's): sql.js may keep them.
const handedOver = new WeakSet<ArrayBufferLike>();

/**
 * Opens `bytes` in sql.js. sql.js copies what it is given into its file system (MEMFS takes
 * `data.slice(0, length)` for a new file); a handed-over buffer answers that one whole-range slice with
 * itself, so the file system adopts it and no second copy of the snapshot exists. Should sql.js ever
 * copy some other way, the copy is made and the buffer detached instead, which frees it at once where
 * ArrayBuffer.transfer exists (Node 21+) and at the next collection otherwise.
 */
function openBytes(SQL: SqlJsStatic, bytes: Uint8Array): SqlJsDatabase {
  if (!handedOver.delete(bytes.buffer)) return new SQL.Database(bytes);
  let adopted = false;
  const length = bytes.length;
  Object.defineProperty(bytes, 'slice', {
    configurable: true,
    value: (start?: number, end?: number) => (start === 0 && end === length ? ((adopted = true), bytes) : Uint8Array.prototype.slice.call(bytes, start, end)),
  });
  try {
    return new SQL.Database(bytes);
  } finally {
    delete (bytes as { slice?: unknown }).slice;
    if (!adopted) {
      const buffer = bytes.buffer as ArrayBuffer & { transfer?(length: number): ArrayBuffer };
      if (buffer.transfer) buffer.transfer(0);
      else structuredClone(buffer, { transfer: [buffer] });
    }
  }
}

/** An upload beyond the limit; the route answers it 413, as the body parser it replaces did. */
export class UploadTooLarge extends Error {}

const UPLOAD_PREFIX = 'snapshot-upload.tmp-';
let uploads = 0;

/**
 * Streams an upload to a temp file in `dir` (the data folder; 0600 like every file there), refusing it
 * past `limit` bytes and when it is not a SQLite file, then reads it back as one buffer and removes the
 * file. The buffer is handed over: openSnapshot gives it to sql.js, which writes into it, or detaches it,
 * so the caller reads its length before the restore, and nothing after.
 */
export async function receiveSnapshot(body: Readable, dir: string, limit: number): Promise<Uint8Array> {
  const file = join(dir, `${UPLOAD_PREFIX}${process.pid}-${++uploads}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > limit ? new UploadTooLarge(`The snapshot is larger than ${limit} bytes.`) : null, chunk);
    },
  });
  const out = createWriteStream(file, { mode: FILE_MODE });
  try {
    await pipeline(body, counter, out);
    if (size === 0) return new Uint8Array(0); // no file at all: the caller says what to send
    const fd = openSync(file, 'r');
    try {
      const head = new Uint8Array(Math.min(size, 100));
      readSync(fd, head, 0, head.length, 0);
      checkHeader(head);
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; ) {
        const n = readSync(fd, bytes, at, size - at, at);
        if (n === 0) throw new Error('The uploaded snapshot was cut short on disk.');
        at += n;
      }
      handedOver.add(bytes.buffer);
      return bytes;
    } finally {
      closeSync(fd);
    }
  } finally {
    // A client that leaves at once fails the pipeline while the file's open is still on its way: removed before it
    // existed, the file was then created and stayed (seen on a loaded machine). Removed once the stream has closed.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    try {
      unlinkSync(file);
    } catch {
      /* never created */
    }
  }
}

/** Removes uploads a killed process left in `dir` (only the data folder's lock holder calls this). */
export function removeLeftoverUploads(dir: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(UPLOAD_PREFIX) && /^\d+-\d+$/.test(n.slice(UPLOAD_PREFIX.length)));
  } catch {
    return;
  }
  for (const n of names) {
    try {
      unlinkSync(join(dir, n));
    } catch {
      /* gone already */
    }
  }
}

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
 * and indexes the migrations create (no triggers or views that could run on the next write), rows
 * the simulator can read (snapshot-rows.ts), and pet images of image types only. The caller owns the returned database.
 */
export function openSnapshot(SQL: SqlJsStatic, bytes: Uint8Array, migrations: string[], imageTypes: string[]): SqlJsDatabase {
  checkHeader(bytes);
  let db: SqlJsDatabase | undefined;
  try {
    try {
      db = openBytes(SQL, bytes);
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
    // Then the rows the simulator reads as they are, table by table (snapshot-rows.ts).
    const badRow = badRowOf(db);
    if (badRow) throw new SnapshotRefused(badRow);
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
