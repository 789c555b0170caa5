// The two statements every repository writing whole rows needs, built once here instead of in each
// repository: an INSERT of a row object and an UPDATE of some of its columns. Column names are the
// keys of typed row objects, so they come from code, never from input.
import type { Param } from './oplog';
import type { Sql } from './sql';

export interface Table<Row extends { id: number }> {
  /** Inserts `row` (every column but the id) and returns the new id. */
  insert(sql: Sql, row: Omit<Row, 'id'>): number;
  /** Sets the given columns of row `id`; nothing happens without a column. */
  update(sql: Sql, id: number, fields: Partial<Row>): void;
}

export function table<Row extends { id: number }>(name: string): Table<Row> {
  return {
    insert(sql, row) {
      const cols = Object.keys(row);
      return sql.run(`INSERT INTO ${name} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`, Object.values(row) as Param[]).lastId;
    },
    update(sql, id, fields) {
      const cols = Object.keys(fields);
      if (!cols.length) return;
      sql.run(`UPDATE ${name} SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`, [...(Object.values(fields) as Param[]), id]);
    },
  };
}
