// One sql.js database with a durable write path (see oplog.ts) and atomic checkpoints.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic, SqlValue } from 'sql.js';
import { atomicWrite } from './atomic-write';
import { Connection } from './connection';
import { emptyImage, IN_PLACE_MAX_PAGES, openImage, type ResetOptions, type SeededImage } from './images';
import { MIGRATIONS } from './migrations';
import { NoticeBoard } from './notices';
import type { DatabaseOptions } from './options';
import { recoverLog } from './log-recovery';
import { nodeFs, OpLog, type DurableFs, type LogRecord, type Param, type Statement } from './oplog';
import { SaveFailures } from './save-failures';
import { batchedInserts } from './seed-batches';
import { prebuiltImage } from './prebuilt-images';
import { openSnapshot } from './snapshot-check';
import { loadSqlJs } from './sqljs';
import { logFileOf, openExisting } from './startup';

export type { DatabaseOptions } from './options';
export type { ResetOptions } from './images';
export type Row = Record<string, SqlValue>;

export class Database {
  /** Things a user must be told about (a corrupt file moved aside, a save that keeps failing). */
  readonly notices: string[];
  private readonly board: NoticeBoard;
  private readonly fs: DurableFs;
  private pending: Statement[] | null = null;
  /** Work that must wait until the open transaction is committed and durably logged (events, file removals). */
  private afterCommitQueue: (() => void)[] = [];
  private seq = 0;
  /**
   * Bumped by every committed logged write, replayed record and whole-database swap (reset, restore):
   * a read cached at one version is exactly what a fresh read would return while the version is unchanged.
   * Unlogged writes (the request journal) do not bump it.
   */
  private version = 0;
  private dirty = false;
  private log?: OpLog;
  private timer?: NodeJS.Timeout;
  private readonly saveFailures: SaveFailures;

  /** The state the last resetToSeeded's seeding left, reopened by the next reset with the same key. */
  private seeded?: SeededImage;

  private conn: Connection;

  private constructor(private readonly SQL: SqlJsStatic, sql: SqlJsDatabase, private readonly opts: DatabaseOptions) {
    this.conn = this.connect(sql);
    this.board = opts.notices ?? new NoticeBoard();
    this.notices = this.board.list;
    this.fs = opts.fs ?? nodeFs;
    this.saveFailures = new SaveFailures(opts.file, this.board);
  }

  static async open({ preread, ...opts }: DatabaseOptions = {}): Promise<Database> {
    const SQL = await loadSqlJs();
    const board = opts.notices ?? new NoticeBoard();
    if (opts.file) mkdirSync(dirname(opts.file), { recursive: true });
    const existing = opts.file ? openExisting(SQL, opts.file, board, await preread) : undefined;
    // A new database starts from its schema's prebuilt image when there is one: no migration left to run.
    const image = existing ? undefined : prebuiltImage(opts.migrations ?? MIGRATIONS);
    const db = new Database(SQL, existing ?? (image ? openImage(SQL, image) : new SQL.Database()), { ...opts, notices: board });
    const migrated = db.migrate();
    if (opts.file) {
      const hadLog = recoverLog(logFileOf(opts.file), db.seq, (rec) => db.replay(rec), board);
      db.log = new OpLog(logFileOf(opts.file), db.fs);
      // The log is emptied before anything new is appended: a new record never follows an old
      // one that replay might stop at. An unchanged database is not rewritten.
      if (!existing || migrated || hadLog) db.checkpoint(true, migrated || hadLog ? undefined : image);
      db.timer = setInterval(() => db.dirty && db.checkpointInBackground(), opts.checkpointIntervalMs ?? 10_000);
      db.timer.unref();
    }
    return db;
  }

  private get migrations(): string[] {
    return this.opts.migrations ?? MIGRATIONS;
  }

  /** Runs the migrations not yet applied; returns whether any ran. */
  private migrate(): boolean {
    const { ran, seq } = this.conn.migrate(this.migrations);
    this.seq = seq;
    return ran;
  }

  private connect(sql: SqlJsDatabase): Connection {
    return new Connection(sql, this.opts.cacheSizeKiB);
  }

  /** Replays one logged transaction at start (see log-recovery.ts); throws, rolled back, if it cannot. */
  private replay(rec: LogRecord): void {
    if (rec.reset) return this.replayReset(rec);
    try {
      this.control('BEGIN');
      for (const [s, p] of rec.stmts) this.statement(s).run(p as SqlValue[]);
      this.control('COMMIT');
    } catch (err) {
      this.rollbackQuietly();
      throw err;
    }
    this.seq = rec.seq;
    this.version++;
    this.dirty = true;
  }

  private control(sql: 'BEGIN' | 'COMMIT' | 'ROLLBACK'): void {
    this.conn.control(sql);
  }

  private statement(sql: string) {
    return this.conn.statement(sql);
  }

  all<T = Row>(sql: string, params: Param[] = []): T[] {
    return this.conn.all<T>(sql, params);
  }

  get<T = Row>(sql: string, params: Param[] = []): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** A logged write: it survives a crash once the enclosing transaction commits. */
  run(sql: string, params: Param[] = []): { changes: number; lastId: number } {
    if (!this.pending) return this.tx(() => this.run(sql, params));
    this.statement(sql).run(params as SqlValue[]);
    this.pending.push([sql, params]);
    return { changes: this.conn.db.getRowsModified(), lastId: this.conn.lastInsertId() };
  }

  /** A write that may be lost in a crash (the request journal): checkpointed, not logged. */
  runUnlogged(sql: string, params: Param[] = []): void {
    this.statement(sql).run(params as SqlValue[]);
    this.dirty = true;
  }

  /** Many unlogged writes in one transaction: one commit instead of one per row. */
  unloggedBatch(fn: () => void): void {
    if (this.pending) return fn();
    this.control('BEGIN');
    try {
      fn();
      this.control('COMMIT');
    } catch (err) {
      this.rollbackQuietly();
      throw err;
    }
  }

  /** See `version`: equal values mean no logged data changed in between. */
  get dataVersion(): number {
    return this.version;
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

  /**
   * Runs `fn` in one transaction. Its writes are appended to the log before COMMIT: if the append
   * fails (a full disk), the transaction rolls back and the append's own error is thrown, so a
   * write that is not durable is never visible either.
   */
  tx<T>(fn: () => T): T {
    if (this.pending) return fn();
    return this.logged(fn, (writes) => (writes.length ? { stmts: writes } : null));
  }

  /**
   * One transaction whose record is appended to the log before COMMIT (tx, and a reset). `recordOf`
   * turns the transaction's writes into that record; null: nothing to log, and no commit to count.
   */
  private logged<T>(fn: () => T, recordOf: (writes: Statement[]) => Omit<LogRecord, 'seq'> | null): T {
    this.pending = [];
    this.afterCommitQueue = [];
    this.control('BEGIN');
    let logBytesBefore = -1;
    let result: T;
    let record: Omit<LogRecord, 'seq'> | null;
    try {
      result = fn();
      record = recordOf(this.pending);
      if (record && this.log) {
        const before = this.log.bytes;
        this.log.append({ seq: this.seq + 1, ...record });
        logBytesBefore = before;
      }
      this.control('COMMIT');
    } catch (err) {
      this.pending = null;
      this.afterCommitQueue = [];
      if (logBytesBefore >= 0) this.undoAppend(logBytesBefore);
      this.rollbackQuietly();
      throw err;
    }
    if (record) this.committed();
    else this.pending = null;
    const after = this.afterCommitQueue;
    this.afterCommitQueue = [];
    for (const f of after) f();
    return result;
  }

  /** Bookkeeping of a logged commit; the after-commit work is the caller's to run. */
  private committed(): void {
    this.pending = null;
    this.seq++;
    this.version++;
    this.dirty = true;
    if (this.log && this.log.bytes > (this.opts.maxLogBytes ?? 16 * 1024 * 1024)) setImmediate(() => this.checkpointInBackground()); // a failing disk is retried on its own schedule, not at every write
  }

  private undoAppend(bytesBefore: number): void {
    try {
      this.log!.undoLast(bytesBefore);
    } catch {
      /* the log refuses further appends until the entry is cut off (OpLog.cutBack) */
    }
  }

  /** ROLLBACK without masking the error that caused it (there may be no transaction left to end). */
  private rollbackQuietly(): void {
    try {
      this.control('ROLLBACK');
    } catch {
      /* no transaction is active */
    }
  }

  /** Writes the whole database atomically (temp file, fsync, rename) and empties the log; throws on failure. */
  checkpoint(force = false, unchangedImage?: Uint8Array): void {
    if (!this.opts.file || (!this.dirty && !force) || this.pending) return;
    // A new database still equal to the image it was opened from is written as that image (no export;
    // its missing oplog_seq reads as 0).
    if (!unchangedImage) this.conn.db.run("INSERT INTO meta(key, value) VALUES ('oplog_seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [String(this.seq)]);
    atomicWrite(this.opts.file, unchangedImage ?? this.conn.db.export(), this.fs);
    this.dirty = false;
    this.log?.truncate();
  }

  /**
   * A checkpoint from a timer: errors are reported (notice, with the real cause) and retried with a
   * growing delay, never thrown — an exception from a timer would end the process. Acknowledged
   * writes stay safe in the log meanwhile.
   */
  checkpointInBackground(evenIfBackingOff = false): void {
    if (!evenIfBackingOff && !this.saveFailures.due()) return;
    try {
      this.checkpoint();
      this.saveFailures.succeeded();
    } catch (err) {
      this.saveFailures.failed(err);
    }
  }

  export(): Uint8Array {
    return this.conn.db.export();
  }

  /**
   * Replaces the whole database with a snapshot. The snapshot is checked and migrated in a database
   * of its own and written to disk before it is swapped in; if anything fails, this throws and
   * neither the memory nor the file has changed.
   */
  async replaceWith(bytes: Uint8Array, imageTypes: string[] = []): Promise<void> {
    const SQL = await loadSqlJs();
    const next = openSnapshot(SQL, bytes, this.opts.migrations ?? MIGRATIONS, imageTypes);
    try {
      // Past every entry of the current log: a crash before it is emptied never replays them onto the snapshot.
      next.run("INSERT INTO meta(key, value) VALUES ('oplog_seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [String(this.seq)]);
      if (this.opts.file) atomicWrite(this.opts.file, next.export(), this.fs);
    } catch (err) {
      next.close();
      throw err;
    }
    this.swapIn(next);
  }

  /** Drops every table's content: resetToSeeded without a seeding. */
  resetToEmpty(): Promise<void> {
    return this.resetToSeeded();
  }

  /**
   * Back to the empty database with `seed` applied, as one step that is in the log before it is
   * visible: one `reset` record (start from the empty database, then the seeding's statements),
   * never a whole-file write — the checkpoint timer writes the file later, as for any write. A crash
   * leaves the state before the reset or the state after it, never a mix (log-recovery.ts).
   *
   * The seeding runs once: its statements and the state they leave are kept, under `key`. A small
   * database is then emptied in place and the statements run again, on the statements already
   * prepared; a large one is replaced by the kept image (its pages go with it).
   */
  async resetToSeeded(seed?: () => void, opts: ResetOptions = {}): Promise<void> {
    const SQL = await loadSqlJs();
    if (this.pending) throw new Error('A reset cannot run inside a transaction.');
    const key = opts.key ?? '';
    const kept = seed ? (this.seeded?.key === key ? this.seeded : undefined) : { key, image: emptyImage(SQL, this.migrations), stmts: [], rerun: [] };
    if (kept && this.pageCount() <= IN_PLACE_MAX_PAGES) {
      return this.loggedReset(kept.stmts, () => {
        const tables = this.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map(({ name }) => `"${name.replace(/"/g, '""')}"`);
        // Which tables hold rows, asked in one statement: a DELETE is a trip through sql.js even on an
        // empty table, and between a test suite's cases most of the 13 are empty (issue 14: 2.13 → 1.96 ms
        // of CPU per reset over the first 30 resets of a fresh `serve`, where the JIT has not caught up yet).
        const held = this.all<Record<string, number>>(`SELECT ${tables.map((t, i) => `EXISTS (SELECT 1 FROM ${t}) AS t${i}`).join(', ')}`)[0];
        tables.forEach((t, i) => held[`t${i}`] && this.statement(`DELETE FROM ${t}`).run());
        for (const [sql, params] of kept.rerun) this.statement(sql).run(params as SqlValue[]);
        opts.fresh?.();
      });
    }
    const before = this.conn;
    this.conn = this.connect(openImage(SQL, kept ? kept.image : emptyImage(SQL, this.migrations)));
    try {
      let seedStmts = kept?.stmts ?? [];
      if (seed && !kept) {
        this.pending = [];
        this.control('BEGIN');
        seed();
        this.control('COMMIT');
        seedStmts = this.pending;
        this.seeded = { key, image: this.conn.db.export(), stmts: seedStmts, rerun: batchedInserts(seedStmts) };
      }
      this.loggedReset(seedStmts, () => opts.fresh?.());
    } catch (err) {
      this.pending = null;
      this.afterCommitQueue = [];
      this.conn.close();
      this.conn = before;
      throw err;
    }
    before.close();
  }

  private pageCount(): number {
    return Number(this.get<{ n: number }>('SELECT page_count AS n FROM pragma_page_count()')?.n ?? 0);
  }

  /**
   * Runs `work` in one transaction logged as a `reset` record of `seedStmts` and the writes `work`
   * logs itself; like tx, the record is appended before COMMIT and a failed append rolls back.
   */
  private loggedReset(seedStmts: Statement[], work: () => void): void {
    this.logged(work, (writes) => ({ reset: true, stmts: [...seedStmts, ...writes] }));
  }

  /** A `reset` record at start: built aside from the empty image, swapped in only once it applied. */
  private replayReset(rec: LogRecord): void {
    const next = openImage(this.SQL, emptyImage(this.SQL, this.migrations));
    try {
      next.run('BEGIN');
      for (const [s, p] of rec.stmts) next.run(s, p as SqlValue[]);
      next.run('COMMIT');
    } catch (err) {
      next.close();
      throw err;
    }
    this.conn.close();
    this.conn = this.connect(next);
    this.seq = rec.seq;
    this.version++;
    this.dirty = true;
  }

  /** Makes `next` (already on disk) the live database; the old log's entries are all older than its seq. */
  private swapIn(next: SqlJsDatabase): void {
    this.conn.close();
    this.conn = this.connect(next);
    this.version++;
    this.migrate();
    this.dirty = false;
    try {
      this.log?.truncate();
    } catch {
      /* its entries are all at or below the new file's seq: replay skips them */
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    // On a failing disk the log still holds every acknowledged write; closing must not throw over it.
    this.checkpointInBackground(true);
    this.log?.close();
    this.conn.close();
  }
}

export { databaseFile } from './early-read';
