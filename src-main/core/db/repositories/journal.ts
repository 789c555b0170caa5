import type { Database } from '../database';
import { likePattern } from './like';
import type { Param } from '../oplog';
import type { JournalSummary } from '../../../../src-shared/control';

export interface JournalQuery {
  family?: string; statusClass?: string; q?: string; app?: string; endpoint?: string; before?: number; after?: number; limit: number;
}

export const journalRepo = (db: Database) => ({
  maxId: () => Number(db.get<{ id: number | null }>('SELECT max(id) AS id FROM journal')?.id ?? 0),
  insert: (e: JournalSummary & { query: string; detail: Uint8Array }) =>
    db.runUnlogged(
      'INSERT INTO journal (id, time, app, family, endpoint, method, path, query, status, duration_ms, detail) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
      [e.id, e.time, e.app, e.family, e.endpoint, e.method, e.path, e.query, e.status, e.duration_ms, e.detail],
    ),
  trim: (keepFromId: number) => db.runUnlogged('DELETE FROM journal WHERE id < ?', [keepFromId]),
  clear: () => db.runUnlogged('DELETE FROM journal'),
  get: (id: number) => db.get<JournalSummary & { query: string; detail: Uint8Array }>('SELECT * FROM journal WHERE id = ?', [id]),
  count: () => Number(db.get<{ n: number }>('SELECT count(*) AS n FROM journal')!.n),
  list(q: JournalQuery): JournalSummary[] {
    const w = ['1 = 1'];
    const params: Param[] = [];
    if (q.family) (w.push('family = ?'), params.push(q.family));
    if (q.statusClass && /^[1-5]xx$/.test(q.statusClass)) (w.push('status / 100 = ?'), params.push(Number(q.statusClass[0])));
    if (q.app) (w.push('app = ?'), params.push(q.app));
    if (q.endpoint) (w.push('endpoint = ?'), params.push(q.endpoint));
    if (q.before) (w.push('id < ?'), params.push(q.before));
    if (q.after) (w.push('id > ?'), params.push(q.after));
    if (q.q) {
      w.push("(path LIKE ? ESCAPE '\\' OR query LIKE ? ESCAPE '\\' OR endpoint = ? OR method = ?)");
      const like = likePattern(q.q);
      params.push(like, like, q.q.toUpperCase(), q.q.toUpperCase());
    }
    return db.all<JournalSummary>(
      `SELECT id, time, app, family, endpoint, method, path, status, duration_ms FROM journal WHERE ${w.join(' AND ')} ORDER BY id DESC LIMIT ?`,
      [...params, q.limit],
    );
  },
});
