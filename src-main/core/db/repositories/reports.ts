// Report rows over users (A6 web user report, B5 client user report); the filtering is done by
// the in-memory user index (domain/user-index.ts), this reads the rows of one page.
import type { Sql } from '../sql';
import type { UserRow } from './types';

export interface UserReportFilter {
  appId: number; search?: string; dateFrom?: string; dateTo?: string; status?: string; role?: string; userId?: number;
}

export const reportsRepo = (db: Sql) => ({
  /** Full rows for the given ids, in the given order. */
  usersByIds(ids: number[]): UserRow[] {
    const byId = new Map<number, UserRow>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500); // SQLite caps the number of bound parameters
      for (const r of db.all<UserRow>(`SELECT * FROM users WHERE id IN (${chunk.map(() => '?').join(',')})`, chunk)) byId.set(r.id, r);
    }
    return ids.map((id) => byId.get(id)).filter((r): r is UserRow => !!r);
  },
});
