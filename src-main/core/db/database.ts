// One sql.js database, as four parts behind one handle: the live connection (connection.ts), the unit of
// work every logged write runs in (unit-of-work.ts), durability — op log and checkpoints
// (durability.ts) — and its lifecycle: open and replay, reset, restore (lifecycle.ts).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database as SqlJsDatabase, SqlJsStatic, SqlValue } from 'sql.js';
import { Connection, LiveConnection } from './connection';
import { Durability } from './durability';
import { openImage, type ResetOptions } from './images';
import { Lifecycle } from './lifecycle';
import { MIGRATIONS } from './migrations';
import { NoticeBoard } from './notices';
import type { DatabaseOptions } from './options';
import type { Param } from './oplog';
import { prebuiltImage } from './prebuilt-images';
import type { Row, Sql } from './sql';
import { loadSqlJs } from './sqljs';
import { openExisting } from './startup';
import { type Transaction, UnitOfWork } from './unit-of-work';

export type { DatabaseOptions } from './options';
export type { ResetOptions } from './images';
export type { Row } from './sql';

export class Database implements Sql {
  /** Things a user must be told about (a corrupt file moved aside, a save that keeps failing). */
  readonly notices: string[];
  /** Every logged write runs inside `uow.run(tx => …)`. */
  readonly uow: UnitOfWork;
  private readonly live: LiveConnection;
  private readonly durability: Durability;
  private readonly lifecycle: Lifecycle;

  private constructor(SQL: SqlJsStatic, sql: SqlJsDatabase, opts: DatabaseOptions & { notices: NoticeBoard }) {
    this.notices = opts.notices.list;
    const migrations = opts.migrations ?? MIGRATIONS;
    this.live = new LiveConnection(new Connection(sql, opts.cacheSizeKiB));
    this.durability = new Durability(this.live, opts, opts.notices, () => this.uow.isOpen);
    this.uow = new UnitOfWork(this.live, this.durability, this);
    this.lifecycle = new Lifecycle(SQL, this.live, this.uow, this.durability, { file: opts.file, migrations, cacheSizeKiB: opts.cacheSizeKiB }, opts.notices);
  }

  static async open({ preread, ...opts }: DatabaseOptions = {}): Promise<Database> {
    const SQL = await loadSqlJs();
    const notices = opts.notices ?? new NoticeBoard();
    if (opts.file) mkdirSync(dirname(opts.file), { recursive: true });
    const existing = opts.file ? openExisting(SQL, opts.file, notices, await preread) : undefined;
    // A new database starts from its schema's prebuilt image when there is one: no migration left to run.
    const image = existing ? undefined : prebuiltImage(opts.migrations ?? MIGRATIONS);
    const db = new Database(SQL, existing ?? (image ? openImage(SQL, image) : new SQL.Database()), { ...opts, notices });
    db.lifecycle.start(!!existing, image);
    return db;
  }

  all<T = Row>(sql: string, params: Param[] = []): T[] {
    return this.live.conn.all<T>(sql, params);
  }

  get<T = Row>(sql: string, params: Param[] = []): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** A logged write, into the open unit of work (it survives a crash once that commits); throws outside one. */
  run(sql: string, params: Param[] = []): { changes: number; lastId: number } {
    return this.uow.write(sql, params);
  }

  /** `uow.run`: `work` as one unit of work. */
  tx<T>(work: (tx: Transaction) => T): T {
    return this.uow.run(work);
  }

  /** A write that may be lost in a crash (the request journal): checkpointed, not logged. */
  runUnlogged(sql: string, params: Param[] = []): void {
    this.live.conn.statement(sql).run(params as SqlValue[]);
    this.durability.markDirty();
  }

  /** Many unlogged writes in one transaction: one commit instead of one per row. */
  unloggedBatch(fn: () => void): void {
    if (this.uow.isOpen) return fn();
    const conn = this.live.conn;
    conn.control('BEGIN');
    try {
      fn();
      conn.control('COMMIT');
    } catch (err) {
      conn.rollbackQuietly();
      throw err;
    }
  }

  /** Equal values mean no logged data changed in between (see LiveConnection.version). */
  get dataVersion(): number {
    return this.live.version;
  }

  /** Writes the whole database atomically and empties the log; throws on failure (Durability.checkpoint). */
  checkpoint(force = false, unchangedImage?: Uint8Array): void {
    this.durability.checkpoint(force, unchangedImage);
  }

  /** A checkpoint that reports its errors instead of throwing them (Durability.checkpointInBackground). */
  checkpointInBackground(evenIfBackingOff = false): void {
    this.durability.checkpointInBackground(evenIfBackingOff);
  }

  export(): Uint8Array {
    return this.live.conn.db.export();
  }

  /** Replaces the whole database with a snapshot, checked aside first (Lifecycle.restore). */
  replaceWith(bytes: Uint8Array, imageTypes: string[] = [], meta: Record<string, string> = {}): Promise<void> {
    return this.lifecycle.restore(bytes, imageTypes, meta);
  }

  /** Back to the empty database with `seed` applied, as one logged step (Lifecycle.reset). */
  resetToSeeded(seed?: (tx: Transaction) => void, opts: ResetOptions = {}): Promise<void> {
    return this.lifecycle.reset(seed, opts);
  }

  close(): void {
    this.durability.close();
    this.live.conn.close();
  }
}

export { databaseFile } from './early-read';
