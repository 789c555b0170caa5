// The unit of work: `uow.run(tx => …)` runs a use case in one transaction.
//
//   work(tx)  SQL in one transaction, through the repositories `tx` hands out; state events collected on tx.events
//     ├─ throws ─► ROLLBACK: nothing published, nothing in the log
//     └─ returns ─► its writes appended to the op log as one record ─► COMMIT ─► events published
//                    └ the append fails ─► ROLLBACK, and the append's own error is thrown
//
// There is no implicit transaction: a logged write outside `run` throws. A `run` inside a `run` is part
// of the outer one (one commit, one log record), so a use case may be built from smaller ones.
import type { SqlValue } from 'sql.js';
import type { MessageEvent, StateEvent } from '../../../src-shared/control';
import type { LiveConnection } from './connection';
import type { Durability } from './durability';
import type { LogRecord, Param, Statement } from './oplog';
import { Repositories } from './repositories';
import type { Row, Sql } from './sql';

/** The state events of one unit of work, held back until it has committed. */
export class EventCollector {
  readonly list: StateEvent[] = [];
  readonly messages: MessageEvent[] = [];
  state(entity: StateEvent['entity'], id: string | number, action: string): void {
    this.list.push({ entity, id: String(id), action });
  }
  /** A message added to a consultation's thread (the `message` event of the event stream). */
  message(event: MessageEvent): void {
    this.messages.push(event);
  }
}

/** One open unit of work: the repositories bound to it, its event collector and its writes so far. */
export class Transaction extends Repositories {
  readonly events = new EventCollector();
  /** The logged writes in order: the op-log record of this unit. */
  readonly writes: Statement[] = [];
  #open = true;

  /** `door` is the Database: every logged write of every unit passes its `run`. */
  constructor(private readonly door: Sql) {
    super();
  }
  all<T = Row>(sql: string, params?: Param[]): T[] {
    return this.door.all<T>(sql, params);
  }
  get<T = Row>(sql: string, params?: Param[]): T | undefined {
    return this.door.get<T>(sql, params);
  }
  run(sql: string, params: Param[] = []): { changes: number; lastId: number } {
    // A use case that kept its tx past the end (a callback, an await) would otherwise write into the next unit.
    if (!this.#open) throw new Error(`A write through a unit of work that has ended: ${sql.slice(0, 60)}`);
    return this.door.run(sql, params);
  }
  end(): void {
    this.#open = false;
  }
}

/** What turns a transaction's writes into its log record; null: nothing to log, and no commit to count. */
export type RecordOf = (writes: Statement[]) => Omit<LogRecord, 'seq'> | null;

const isThenable = (v: unknown) => typeof (v as { then?: unknown } | null)?.then === 'function';

export class UnitOfWork {
  private current?: Transaction;
  private publish: (event: StateEvent) => void = () => {};
  private publishMessage: (event: MessageEvent) => void = () => {};

  constructor(private readonly live: LiveConnection, private readonly durability: Durability, private readonly door: Sql) {}

  /** Where committed units' state events go (the simulator's event bus). */
  publishTo(publish: (event: StateEvent) => void, publishMessage: (event: MessageEvent) => void = () => {}): void {
    this.publish = publish;
    this.publishMessage = publishMessage;
  }

  /** Whether a unit of work is open (its writes are not committed yet). */
  get isOpen(): boolean {
    return this.current !== undefined;
  }

  /** Runs `work` as one unit of work (see the module comment); inside another run it joins that one. */
  run<T>(work: (tx: Transaction) => T): T {
    if (this.current) return work(this.current);
    return this.transact(work, (writes) => (writes.length ? { stmts: writes } : null), true);
  }

  /** One unit whose log record `recordOf` makes (a reset logs its seeding with it); never nested. */
  runLogged<T>(work: (tx: Transaction) => T, recordOf: RecordOf): T {
    if (this.current) throw new Error('A reset cannot run inside a transaction.');
    return this.transact(work, recordOf, true);
  }

  /**
   * Runs `work` in a transaction that is committed but not logged, and returns its writes: a reset's
   * seeding, which the reset's own record carries. Its events are dropped (the reset announces itself).
   */
  capture(work: (tx: Transaction) => void): Statement[] {
    if (this.current) throw new Error('A reset cannot run inside a transaction.');
    let writes: Statement[] = [];
    this.transact(work, (w) => ((writes = w), null), false);
    return writes;
  }

  /** A logged write into the open unit of work: Database.run, the door every repository write passes. */
  write(sql: string, params: Param[]): { changes: number; lastId: number } {
    const tx = this.current;
    if (!tx) throw new Error(`A logged write outside a unit of work (uow.run): ${sql.slice(0, 60)}`);
    const conn = this.live.conn;
    conn.statement(sql).run(params as SqlValue[]);
    tx.writes.push([sql, params]);
    return { changes: conn.db.getRowsModified(), lastId: conn.lastInsertId() };
  }

  private transact<T>(work: (tx: Transaction) => T, recordOf: RecordOf, publish: boolean): T {
    const conn = this.live.conn;
    conn.control('BEGIN');
    const tx = (this.current = new Transaction(this.door));
    let appendedAt = -1;
    let result: T;
    let record: Omit<LogRecord, 'seq'> | null;
    try {
      result = work(tx);
      // sql.js is synchronous; a unit that awaited would let other requests' writes into its transaction.
      if (isThenable(result)) throw new Error('A unit of work must be synchronous: sign tokens and load modules outside it.');
      record = recordOf(tx.writes);
      if (record) appendedAt = this.durability.append(record);
      conn.control('COMMIT');
    } catch (err) {
      this.current = undefined;
      tx.end();
      this.durability.undo(appendedAt);
      conn.rollbackQuietly();
      throw err;
    }
    this.current = undefined;
    tx.end();
    if (record) {
      this.durability.committed();
      this.live.version++;
    }
    if (publish) {
      for (const e of tx.events.list) this.publish(e);
      for (const m of tx.events.messages) this.publishMessage(m);
    }
    return result;
  }
}
