import type { Database } from '../database';
import type { Param } from '../oplog';
import type { JournalSummary } from '../../../../src-shared/control';

/** What narrows the journal; `q` also searches bodies, which the service does (they are stored deflated). */
export interface JournalFilter {
  family?: string; statusClass?: string; q?: string; app?: string; endpoint?: string; method?: string;
  /** Inclusive bounds in the journal's own time format (`YYYY-MM-DD HH:MM:SS.mmm`, UTC), which sorts as text. */
  from?: string; to?: string;
}

/** A page of the filtered set: newest first, before/after an id. */
export interface JournalPage {
  before?: number; after?: number; limit: number;
}

export type JournalRow = JournalSummary & { query: string; detail: Uint8Array };

const SUMMARY_COLUMNS = 'id, time, app, family, endpoint, method, path, status, duration_ms';

function where(f: JournalFilter, page?: Omit<JournalPage, 'limit'>): { sql: string; params: Param[] } {
  const w = ['1 = 1'];
  const params: Param[] = [];
  if (f.family) (w.push('family = ?'), params.push(f.family));
  if (f.statusClass && /^[1-5]xx$/.test(f.statusClass)) (w.push('status / 100 = ?'), params.push(Number(f.statusClass[0])));
  if (f.app) (w.push('app = ?'), params.push(f.app));
  if (f.endpoint) (w.push('endpoint = ?'), params.push(f.endpoint));
  if (f.method) (w.push('method = ?'), params.push(f.method.toUpperCase()));
  if (f.from) (w.push('time >= ?'), params.push(f.from));
  if (f.to) (w.push('time <= ?'), params.push(f.to));
  if (page?.before) (w.push('id < ?'), params.push(page.before));
  if (page?.after) (w.push('id > ?'), params.push(page.after));
  return { sql: w.join(' AND '), params };
}

export const journalRepo = (db: Database) => ({
  maxId: () => Number(db.get<{ id: number | null }>('SELECT max(id) AS id FROM journal')?.id ?? 0),
  insert: (e: JournalRow) =>
    db.runUnlogged(
      'INSERT INTO journal (id, time, app, family, endpoint, method, path, query, status, duration_ms, detail) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
      [e.id, e.time, e.app, e.family, e.endpoint, e.method, e.path, e.query, e.status, e.duration_ms, e.detail],
    ),
  trim: (keepFromId: number) => db.runUnlogged('DELETE FROM journal WHERE id < ?', [keepFromId]),
  clear: () => db.runUnlogged('DELETE FROM journal'),
  get: (id: number) => db.get<JournalRow>('SELECT * FROM journal WHERE id = ?', [id]),
  /** Entries matching the column filters (not `q`) within the id bounds, regardless of the page size. */
  count(f: JournalFilter = {}, bounds?: Omit<JournalPage, 'limit'>): number {
    const w = where(f, bounds);
    return Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM journal WHERE ${w.sql}`, w.params)!.n);
  },
  /** A page of summaries matching the column filters (not `q`), newest first. */
  list(f: JournalFilter, page: JournalPage): JournalSummary[] {
    const w = where(f, page);
    return db.all<JournalSummary>(`SELECT ${SUMMARY_COLUMNS} FROM journal WHERE ${w.sql} ORDER BY id DESC LIMIT ?`, [...w.params, page.limit]);
  },
  /** Every row matching the column filters within the id bounds, newest first, with its deflated detail: the input of a body search. */
  rows(f: JournalFilter, bounds?: Omit<JournalPage, 'limit'>): JournalRow[] {
    const w = where(f, bounds);
    return db.all<JournalRow>(`SELECT ${SUMMARY_COLUMNS}, query, detail FROM journal WHERE ${w.sql} ORDER BY id DESC`, w.params);
  },
  /** Full rows of a page, newest first (the HAR export without a search). */
  page(f: JournalFilter, page: JournalPage): JournalRow[] {
    const w = where(f, page);
    return db.all<JournalRow>(`SELECT ${SUMMARY_COLUMNS}, query, detail FROM journal WHERE ${w.sql} ORDER BY id DESC LIMIT ?`, [...w.params, page.limit]);
  },
});
