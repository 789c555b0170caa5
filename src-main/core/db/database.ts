// One sql.js database with a durable write path (see oplog.ts) and atomic checkpoints.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database as SqlJsDatabase, Statement as SqlJsStatement, SqlValue } from 'sql.js';
import { loadSqlJs } from './sqljs';
import { MIGRATIONS } from './migrations';
import { OpLog, type Param, type Statement } from './oplog';

export interface DatabaseOptions {
  /** The database file; undefined keeps everything in memory. */
  file?: string;
  /** Schema migrations (default: the simulator's). */
  migrations?: string[];
  /** How often a dirty database is written out whole. */
  checkpointIntervalMs?: number;
  /** Checkpoint early once the log grows past this many bytes. */
  maxLogBytes?: number;
}

export type Row = Record<string, SqlValue>;

export class Database {
  /** Things a user must be told about at start (e.g. a corrupt file moved aside). */
  readonly notices: string[] = [];
  private stmts = new Map<string, SqlJsStatement>();
  private columns = new Map<SqlJsStatement, string[]>();
  private pending: Statement[] | null = null;
  /** Work that must wait until the open transaction is committed and durably logged (events, file removals). */
  private afterCommitQueue: (() => void)[] = [];
  private seq = 0;
  private dirty = false;
  private log?: OpLog;
  private timer?: NodeJS.Timeout;
  private constructor(private sql: SqlJsDatabase, private readonly opts: DatabaseOptions) {}

  static async open(opts: DatabaseOptions = {}): Promise<Database> {
    const SQL = await loadSqlJs();
    const notices: string[] = [];
    let bytes: Uint8Array | undefined;
    let sql: SqlJsDatabase | undefined;
    if (opts.file && existsSync(opts.file)) {
      bytes = readFileSync(opts.file);
      sql = openIfReadable(SQL, bytes);
      if (!sql) {
        const aside = `${opts.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(opts.file, aside);
        const logFile = `${opts.file}-oplog`;
        if (existsSync(logFile)) renameSync(logFile, `${aside}-oplog`);
        notices.push(`The database ${opts.file} could not be read; it was moved aside to ${aside} and a new one was started.`);
        bytes = undefined;
      }
    }
    const db = new Database(sql ?? new SQL.Database(), opts);
    db.notices.push(...notices);
    const migrated = db.migrate();
    if (opts.file) {
      mkdirSync(dirname(opts.file), { recursive: true });
      const replayed = db.replayLog(`${opts.file}-oplog`);
      // A new, migrated or replayed database is written out now; an unchanged one is not rewritten.
      if (!sql || migrated || replayed) db.checkpoint(true);
      db.log = new OpLog(`${opts.file}-oplog`);
      db.timer = setInterval(() => db.dirty && db.checkpoint(), opts.checkpointIntervalMs ?? 10_000);
      db.timer.unref();
    }
    return db;
  }

  /** Returns whether any migration ran. */
  private migrate(): boolean {
    // sql.js keeps the database in an in-memory file system; a rollback-journal file created and
    // deleted on every transaction costs more than the write itself. Durability is the op log's job.
    this.sql.run('PRAGMA journal_mode = MEMORY');
    this.sql.run('PRAGMA synchronous = OFF');
    this.sql.run('PRAGMA temp_store = MEMORY');
    // One connection owns the file. Holding the lock spares re-validating the page cache (a header
    // read through the JS file system) at every statement: measured 2.4× faster reads (50k indexed
    // reads + 5k writes: 2.9–3.1 s → 1.2–1.3 s).
    this.sql.run('PRAGMA locking_mode = EXCLUSIVE');
    this.sql.run('PRAGMA foreign_keys = OFF');
    const migrations = this.opts.migrations ?? MIGRATIONS;
    const version = Number(this.sql.exec('PRAGMA user_version')[0]?.values[0][0] ?? 0);
    for (let v = version; v < migrations.length; v++) {
      this.sql.run('BEGIN');
      this.sql.run(migrations[v]);
      this.sql.run(`PRAGMA user_version = ${v + 1}`);
      this.sql.run('COMMIT');
    }
    const seq = this.sql.exec("SELECT value FROM meta WHERE key = 'oplog_seq'")[0]?.values[0][0];
    this.seq = Number(seq ?? 0);
    return version < migrations.length;
  }

  /** Returns whether any logged transaction was applied. */
  private replayLog(file: string): boolean {
    let applied = 0;
    for (const rec of OpLog.read(file)) {
      if (rec.seq <= this.seq) continue;
      try {
        this.sql.run('BEGIN');
        for (const [s, p] of rec.stmts) this.statement(s).run(p as SqlValue[]);
        this.sql.run('COMMIT');
        this.seq = rec.seq;
        applied++;
      } catch (err) {
        this.sql.run('ROLLBACK');
        this.notices.push(`Replaying the write log stopped at entry ${rec.seq}: ${(err as Error).message}`);
        break;
      }
    }
    if (applied) this.dirty = true;
    return applied > 0;
  }

  private statement(sql: string): SqlJsStatement {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.sql.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  all<T = Row>(sql: string, params: Param[] = []): T[] {
    const s = this.statement(sql);
    try {
      s.bind(params as SqlValue[]);
      const rows: T[] = [];
      // getAsObject asks the engine for every column name on every row; the names never change.
      let cols = this.columns.get(s);
      if (!cols) this.columns.set(s, (cols = s.getColumnNames()));
      while (s.step()) {
        const values = s.get();
        const row: Record<string, SqlValue> = {};
        for (let i = 0; i < cols.length; i++) row[cols[i]] = values[i];
        rows.push(row as T);
      }
      return rows;
    } finally {
      s.reset();
    }
  }

  get<T = Row>(sql: string, params: Param[] = []): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** A logged write: it survives a crash once the enclosing transaction commits. */
  run(sql: string, params: Param[] = []): { changes: number; lastId: number } {
    if (!this.pending) return this.tx(() => this.run(sql, params));
    this.statement(sql).run(params as SqlValue[]);
    this.pending.push([sql, params]);
    return { changes: this.sql.getRowsModified(), lastId: Number(this.get<{ id: number }>('SELECT last_insert_rowid() AS id')!.id) };
  }

  /** A write that may be lost in a crash (the request journal): checkpointed, not logged. */
  runUnlogged(sql: string, params: Param[] = []): void {
    this.statement(sql).run(params as SqlValue[]);
    this.dirty = true;
  }

  /** Many unlogged writes in one transaction: one commit instead of one per row. */
  unloggedBatch(fn: () => void): void {
    if (this.pending) return fn();
    this.sql.run('BEGIN');
    try {
      fn();
      this.sql.run('COMMIT');
    } catch (err) {
      this.sql.run('ROLLBACK');
      throw err;
    }
  }

  /** Whether a transaction is open (its writes are not yet committed). */
  get inTransaction(): boolean {
    return this.pending !== null;
  }

  /**
   * Runs `fn` once the open transaction has committed and its writes are in the log; drops it if the
   * transaction rolls back. Outside a transaction it runs at once. State events go through here, so
   * nobody ever hears of a write that did not happen.
   */
  afterCommit(fn: () => void): void {
    if (this.pending) this.afterCommitQueue.push(fn);
    else fn();
  }

  tx<T>(fn: () => T): T {
    if (this.pending) return fn();
    this.pending = [];
    this.afterCommitQueue = [];
    this.sql.run('BEGIN');
    try {
      const result = fn();
      this.sql.run('COMMIT');
      const stmts = this.pending;
      this.pending = null;
      if (stmts.length) {
        this.seq++;
        this.dirty = true;
        this.log?.append({ seq: this.seq, stmts });
        if (this.log && this.log.bytes > (this.opts.maxLogBytes ?? 16 * 1024 * 1024)) setImmediate(() => this.checkpoint());
      }
      const after = this.afterCommitQueue;
      this.afterCommitQueue = [];
      for (const f of after) f();
      return result;
    } catch (err) {
      this.pending = null;
      this.afterCommitQueue = [];
      this.sql.run('ROLLBACK');
      throw err;
    }
  }

  /** Writes the whole database atomically (temp file, fsync, rename) and empties the log. */
  checkpoint(force = false): void {
    if (!this.opts.file || (!this.dirty && !force) || this.pending) return;
    this.sql.run("INSERT INTO meta(key, value) VALUES ('oplog_seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [String(this.seq)]);
    atomicWrite(this.opts.file, this.sql.export());
    this.log?.truncate();
    this.dirty = false;
  }

  export(): Uint8Array {
    return this.sql.export();
  }

  /** Replaces the whole database (snapshot restore); throws, changing nothing, if the bytes are not a usable database. */
  async replaceWith(bytes: Uint8Array): Promise<void> {
    const SQL = await loadSqlJs();
    const next = openIfReadable(SQL, bytes);
    if (!next) throw new Error('The file is not a readable SQLite database.');
    const tables = next.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('apps','users','pets')");
    if ((tables[0]?.values.length ?? 0) < 3) {
      next.close();
      throw new Error('The file is a SQLite database, but not a snapshot of this simulator.');
    }
    const previousSeq = this.seq;
    this.freeStatements();
    this.sql.close();
    this.sql = next;
    this.migrate();
    // The log still holds the old database's entries until the checkpoint truncates it; a sequence
    // number past all of them keeps a crash in between from replaying them onto the restored data.
    this.seq = Math.max(previousSeq, this.seq);
    this.checkpoint(true);
  }

  /** Drops every table's content by starting from an empty, migrated database. */
  async resetToEmpty(): Promise<void> {
    const SQL = await loadSqlJs();
    this.freeStatements();
    this.sql.close();
    this.sql = new SQL.Database();
    const keepSeq = this.seq;
    this.migrate();
    this.seq = keepSeq;
    this.checkpoint(true); // the empty database replaces the file before anything new is logged
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.checkpoint();
    this.log?.close();
    this.freeStatements();
    this.sql.close();
  }

  private freeStatements(): void {
    for (const s of this.stmts.values()) s.free();
    this.stmts.clear();
    this.columns.clear();
  }
}

const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Opens the bytes as a database if they are one: the header, the schema and every table must read.
 * (A full `PRAGMA quick_check` costs seconds on a large file and is not run at every start.)
 */
function openIfReadable(SQL: Awaited<ReturnType<typeof loadSqlJs>>, bytes: Uint8Array): SqlJsDatabase | undefined {
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

export function atomicWrite(file: string, data: Uint8Array): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  const fd = openSync(tmp, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
  try {
    const dfd = openSync(dirname(file), 'r');
    fsyncSync(dfd);
    closeSync(dfd);
  } catch {
    /* directories cannot be fsynced on every platform */
  }
}

export const databaseFile = (dataDir: string) => join(dataDir, 'simulator.sqlite');
