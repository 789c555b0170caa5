// What a repository needs of the database: reads, and logged writes. A unit of work's transaction is
// one (its writes land in that transaction); the Database itself is one for reads outside a unit of
// work (its `run` refuses a write there).
import type { SqlValue } from 'sql.js';
import type { Param } from './oplog';

export type Row = Record<string, SqlValue>;

export interface Sql {
  all<T = Row>(sql: string, params?: Param[]): T[];
  get<T = Row>(sql: string, params?: Param[]): T | undefined;
  /** A logged write: durable once its unit of work commits. */
  run(sql: string, params?: Param[]): { changes: number; lastId: number };
}
