// Report queries over users (A6 web user report, B5 client user report).
import type { Database } from '../database';
import type { Param } from '../oplog';
import type { UserRow } from './types';
import { likePattern } from './users';

export interface UserReportFilter {
  appId: number; search?: string; dateFrom?: string; dateTo?: string; status?: string; role?: string; userId?: number;
}

function where(f: UserReportFilter): { sql: string; params: Param[] } {
  const w = ['app_id = ?', 'deleted_at IS NULL'];
  const params: Param[] = [f.appId];
  if (f.search) {
    w.push("(first_name LIKE ? ESCAPE '\\' OR last_name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')");
    const like = likePattern(f.search);
    params.push(like, like, like);
  }
  if (f.dateFrom && f.dateTo) (w.push('substr(your_registration_date, 1, 10) BETWEEN ? AND ?'), params.push(f.dateFrom, f.dateTo));
  if (f.status) (w.push('status = ?'), params.push(f.status));
  if (f.role) (w.push('role = ?'), params.push(f.role));
  if (f.userId) (w.push('id = ?'), params.push(f.userId));
  return { sql: w.join(' AND '), params };
}

export const reportsRepo = (db: Database) => ({
  count(f: UserReportFilter): number {
    const { sql, params } = where(f);
    return Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM users WHERE ${sql}`, params)!.n);
  },
  /** Ordered by id so that a page is the same every time it is asked for. */
  users(f: UserReportFilter, limit: number, offset: number): UserRow[] {
    const { sql, params } = where(f);
    return db.all<UserRow>(`SELECT * FROM users WHERE ${sql} ORDER BY id LIMIT ? OFFSET ?`, [...params, limit, offset]);
  },
});
