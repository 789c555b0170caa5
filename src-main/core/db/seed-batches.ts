// The seeding's statements as an in-place reset runs them again: a run of the same one-row
// `INSERT … VALUES (?, …)` becomes one multi-row INSERT (three vets, five packages: nine statements
// become three). Each statement is a trip through sql.js's JavaScript glue, which is slow while the
// JIT has not caught up, as in a fresh `serve`'s first resets (issue 14). The op log still records
// the statements one by one: only their execution is batched, and rows go in in the same order.
import type { Statement } from './oplog';

const ONE_ROW = /^(INSERT INTO [\s\S]+? VALUES\s*)(\(\s*\?(?:\s*,\s*\?)*\s*\))([\s\S]*)$/;
/** SQLite's lowest limit on host parameters in one statement (builds before 3.32). */
const MAX_PARAMS = 999;

export function batchedInserts(stmts: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  for (let i = 0; i < stmts.length; ) {
    const [sql, params] = stmts[i];
    const match = ONE_ROW.exec(sql);
    // Only when the row's question marks are all the statement's parameters: one after VALUES (an upsert's
    // `SET x = ?`) would be interleaved with the next row's.
    const row = match && (match[2].match(/\?/g) ?? []).length === params.length ? match : null;
    let end = i + 1;
    if (row) while (end < stmts.length && stmts[end][0] === sql && (end - i + 1) * params.length <= MAX_PARAMS) end++;
    if (!row || end - i === 1) {
      out.push(stmts[i]);
      i++;
      continue;
    }
    const rows = stmts.slice(i, end);
    out.push([`${row[1]}${rows.map(() => row[2]).join(', ')}${row[3]}`, rows.flatMap(([, p]) => p)]);
    i = end;
  }
  return out;
}
