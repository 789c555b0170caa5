// How a Database's data comes to be what it is, other than by a unit of work: opened (migrated, the op
// log replayed), reset to its seeded state, or replaced by a restored snapshot.
//
// The promises kept here: replay stops at the first record that cannot be applied and says so; a reset
// is one log record, so a crash leaves the state before it or the state after it; a snapshot is checked
// completely in a database of its own and written to disk before it is swapped in, so a refused one
// changes neither the memory nor the file.
import { dirname } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic, SqlValue } from 'sql.js';
import { atomicWrite } from './atomic-write';
import { Connection, type LiveConnection } from './connection';
import type { Durability } from './durability';
import { emptyImage, IN_PLACE_MAX_PAGES, openImage, type ResetOptions, type SeededImage } from './images';
import { recoverLog } from './log-recovery';
import type { NoticeBoard } from './notices';
import type { LogRecord, Statement } from './oplog';
import { batchedInserts } from './seed-batches';
import { openSnapshot, removeLeftoverUploads } from './snapshot-check';
import { logFileOf } from './startup';
import type { Transaction, UnitOfWork } from './unit-of-work';

export interface LifecycleOptions {
  file?: string;
  migrations: string[];
  cacheSizeKiB?: number;
}

export class Lifecycle {
  /** The state the last reset's seeding left, reopened by the next reset with the same key. */
  private seeded?: SeededImage;

  constructor(
    private readonly SQL: SqlJsStatic,
    private readonly live: LiveConnection,
    private readonly uow: UnitOfWork,
    private readonly durability: Durability,
    private readonly opts: LifecycleOptions,
    private readonly notices: NoticeBoard,
  ) {}

  /** A connection with the simulator's settings (connection.ts). */
  connect(sql: SqlJsDatabase): Connection {
    return new Connection(sql, this.opts.cacheSizeKiB);
  }

  /**
   * Brings the opened data up to date: migrations, then the op log's records. The log is emptied
   * before anything new is appended (a new record never follows an old one that replay might stop
   * at); an unchanged database is not rewritten. `image`: the prebuilt image a new database was opened from.
   */
  start(existing: boolean, image: Uint8Array | undefined): void {
    const migrated = this.migrate();
    const file = this.opts.file;
    if (!file) return;
    removeLeftoverUploads(dirname(file));
    const hadLog = recoverLog(logFileOf(file), this.durability.seq, (rec) => this.replay(rec), this.notices);
    this.durability.start();
    if (!existing || migrated || hadLog) this.durability.checkpoint(true, migrated || hadLog ? undefined : image);
  }

  /** Runs the migrations not yet applied; returns whether any ran. */
  private migrate(): boolean {
    const { ran, seq } = this.live.conn.migrate(this.opts.migrations);
    this.durability.seq = seq;
    return ran;
  }

  /** Replays one logged transaction at start (see log-recovery.ts); throws, rolled back, if it cannot. */
  private replay(rec: LogRecord): void {
    if (rec.reset) return this.replayReset(rec);
    const conn = this.live.conn;
    try {
      conn.control('BEGIN');
      for (const [s, p] of rec.stmts) conn.statement(s).run(p as SqlValue[]);
      conn.control('COMMIT');
    } catch (err) {
      conn.rollbackQuietly();
      throw err;
    }
    this.durability.replayed(rec.seq);
    this.live.version++;
  }

  /** A `reset` record at start: built aside from the empty image, swapped in only once it applied. */
  private replayReset(rec: LogRecord): void {
    const next = openImage(this.SQL, emptyImage(this.SQL, this.opts.migrations));
    try {
      next.run('BEGIN');
      for (const [s, p] of rec.stmts) next.run(s, p as SqlValue[]);
      next.run('COMMIT');
    } catch (err) {
      next.close();
      throw err;
    }
    this.live.use(this.connect(next)).close();
    this.durability.replayed(rec.seq);
    this.live.version++;
  }

  /**
   * Replaces the whole database with a snapshot. The snapshot is checked and migrated in a database
   * of its own and written to disk before it is swapped in; if anything fails, this throws and
   * neither the memory nor the file has changed. `meta`: values the restored data gets in its meta table,
   * in the same write (a new token signing secret: no token of another life may pass as one of this one).
   */
  async restore(bytes: Uint8Array, imageTypes: string[], meta: Record<string, string> = {}): Promise<void> {
    // A snapshot that came through receiveSnapshot becomes the checked database itself (no copy of it is made).
    const next = openSnapshot(this.SQL, bytes, this.opts.migrations, imageTypes);
    try {
      // Past every entry of the current log: a crash before it is emptied never replays them onto the snapshot.
      next.run("INSERT INTO meta(key, value) VALUES ('oplog_seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [String(this.durability.seq)]);
      for (const [key, value] of Object.entries(meta)) next.run('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, value]);
      if (this.opts.file) atomicWrite(this.opts.file, next.export(), this.durability.fs);
    } catch (err) {
      next.close();
      throw err;
    }
    this.live.use(this.connect(next)).close();
    this.live.version++;
    this.migrate();
    this.durability.saved();
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
  async reset(seed?: (tx: Transaction) => void, opts: ResetOptions = {}): Promise<void> {
    if (this.uow.isOpen) throw new Error('A reset cannot run inside a transaction.');
    const { SQL } = this;
    const key = opts.key ?? '';
    const kept = seed ? (this.seeded?.key === key ? this.seeded : undefined) : { key, image: emptyImage(SQL, this.opts.migrations), stmts: [], rerun: [] };
    if (kept && this.pageCount() <= IN_PLACE_MAX_PAGES) return this.resetInPlace(kept, opts);
    const before = this.live.use(this.connect(openImage(SQL, kept ? kept.image : emptyImage(SQL, this.opts.migrations))));
    try {
      let seedStmts = kept?.stmts ?? [];
      if (seed && !kept) {
        seedStmts = this.uow.capture(seed);
        this.seeded = { key, image: this.live.conn.db.export(), stmts: seedStmts, rerun: batchedInserts(seedStmts) };
      }
      this.loggedReset(seedStmts, (tx) => opts.fresh?.(tx));
    } catch (err) {
      this.live.use(before).close();
      throw err;
    }
    before.close();
  }

  /** Empties every table and runs the kept seeding again, in the one logged step of the reset. */
  private resetInPlace(kept: SeededImage, opts: ResetOptions): void {
    this.loggedReset(kept.stmts, (tx) => {
      const conn = this.live.conn;
      const tables = conn.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'", []).map(({ name }) => `"${name.replace(/"/g, '""')}"`);
      // Which tables hold rows, asked in one statement: a DELETE is a trip through sql.js even on an
      // empty table, and between a test suite's cases most of the 13 are empty (issue 14: 2.13 → 1.96 ms
      // of CPU per reset over the first 30 resets of a fresh `serve`, where the JIT has not caught up yet).
      const held = conn.all<Record<string, number>>(`SELECT ${tables.map((t, i) => `EXISTS (SELECT 1 FROM ${t}) AS t${i}`).join(', ')}`, [])[0];
      tables.forEach((t, i) => held[`t${i}`] && conn.statement(`DELETE FROM ${t}`).run());
      for (const [sql, params] of kept.rerun) conn.statement(sql).run(params as SqlValue[]);
      opts.fresh?.(tx);
    });
  }

  /**
   * Runs `work` in one unit of work logged as a `reset` record of `seedStmts` and the writes `work`
   * logs itself; like any unit, the record is appended before COMMIT and a failed append rolls back.
   */
  private loggedReset(seedStmts: Statement[], work: (tx: Transaction) => void): void {
    this.uow.runLogged(work, (writes) => ({ reset: true, stmts: [...seedStmts, ...writes] }));
  }

  private pageCount(): number {
    return Number(this.live.conn.all<{ n: number }>('SELECT page_count AS n FROM pragma_page_count()', [])[0]?.n ?? 0);
  }
}
