// The journal's column filters applied to entries still in memory: the same rules as the SQL in
// repositories/journal.ts, so a reader cannot tell whether an entry was written out yet.
import type { JournalSummary } from '../../../src-shared/control';
import type { JournalFilter, JournalPage } from '../db/repositories/journal';

/** An agent's control call journaled as its own entry (behaviour §21): the only entries under /__sim/. */
export const isControlPath = (path: string) => path.slice(0, 7).toLowerCase() === '/__sim/';

export function columnMatcher(f: JournalFilter, page?: Omit<JournalPage, 'limit'>) {
  const statusClass = f.statusClass && /^[1-5]xx$/.test(f.statusClass) ? Number(f.statusClass[0]) : undefined;
  const method = f.method?.toUpperCase();
  return (s: JournalSummary): boolean =>
    (!f.family || s.family === f.family) &&
    (!f.source || isControlPath(s.path) === (f.source === 'control')) &&
    (statusClass === undefined || Math.trunc(s.status / 100) === statusClass) &&
    (!f.app || s.app === f.app) &&
    (!f.endpoint || s.endpoint === f.endpoint) &&
    (!method || s.method === method) &&
    (!f.from || s.time >= f.from) &&
    (!f.to || s.time <= f.to) &&
    (!page?.before || s.id < page.before) &&
    (!page?.after || s.id > page.after);
}
