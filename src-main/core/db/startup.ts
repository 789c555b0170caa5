// What Database.open does to the files before it trusts them: leftovers of a killed process go,
// an unreadable database or a log that cannot belong to it is moved aside (never deleted) and reported.
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import type { Database as SqlJsDatabase, SqlJsStatic } from 'sql.js';
import { removeLeftoverTemps } from './atomic-write';
import type { NoticeBoard } from './notices';

const SQLITE_HEADER = 'SQLite format 3\0';
export const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
export const logFileOf = (file: string) => `${file}-oplog`;

/**
 * Opens the bytes as a database if they are one: the header, the schema and every table must read.
 * (A full page check costs seconds on a large file; it runs after start, see integrity-check.ts.)
 */
export function openIfReadable(SQL: SqlJsStatic, bytes: Uint8Array): SqlJsDatabase | undefined {
  if (bytes.length < 100 || Buffer.from(bytes.subarray(0, 16)).toString('latin1') !== SQLITE_HEADER) return undefined;
  let db: SqlJsDatabase | undefined;
  try {
    db = new SQL.Database(bytes);
    const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? [];
    for (const [name] of tables) db.exec(`SELECT * FROM "${String(name).replace(/"/g, '""')}" LIMIT 1`);
    return db;
  } catch {
    db?.close();
    return undefined;
  }
}

/** Moves a file aside as `<file>.corrupt-<timestamp>` and returns the new name. */
export function moveAside(file: string): string {
  const aside = `${file}.corrupt-${stamp()}`;
  renameSync(file, aside);
  return aside;
}

/** The database in `file` (its bytes, when already read: `preread`), or undefined for a fresh start; see the module comment. */
export function openExisting(SQL: SqlJsStatic, file: string, notices: NoticeBoard, preread?: Uint8Array): SqlJsDatabase | undefined {
  removeLeftoverTemps(file);
  const log = logFileOf(file);
  if (!existsSync(file)) {
    // Entries without the database they were written against would be replayed onto an empty one.
    if (existsSync(log) && statSync(log).size > 0) {
      const aside = moveAside(log);
      notices.add(`The write log ${log} was found without its database ${file}; it was kept aside as ${aside} and a new database was started.`);
    }
    return undefined;
  }
  const sql = openIfReadable(SQL, preread ?? readFileSync(file));
  if (sql) return sql;
  const aside = moveAside(file);
  if (existsSync(log)) renameSync(log, `${aside}-oplog`);
  notices.add(`The database ${file} could not be read; it was moved aside to ${aside} and a new one was started.`);
  return undefined;
}
