// Free-text search over the journal: path, query, endpoint id, method, and both bodies. Bodies are
// stored deflated, so a row is inflated once and its raw text checked before anything is parsed:
// most rows are ruled out without a JSON.parse (10,000 entries searched in well under a second).
// Entries not yet written out are searched as they are held, by the same rules.
import { inflateRawSync } from 'node:zlib';
import type { JournalSummary } from '../../../src-shared/control';
import type { JournalRow } from '../db/repositories/journal';
import type { PendingEntry } from './pending';

export interface StoredDetail {
  request_body?: string | null;
  response_body?: string | null;
}

export function searcher(q: string) {
  const needle = q.toLowerCase();
  // How the needle looks inside the stored JSON text (quotes, backslashes, control characters escaped).
  const escaped = JSON.stringify(needle).slice(1, -1);
  const upper = q.toUpperCase();
  const byColumns = (s: JournalSummary, query: string | null) =>
    s.endpoint === q || s.method === upper || s.path.toLowerCase().includes(needle) || (query ?? '').toLowerCase().includes(needle);
  const stored = (row: JournalRow): boolean => {
    if (byColumns(row, row.query)) return true;
    const text = inflateRawSync(row.detail).toString('utf8').toLowerCase();
    if (!text.includes(escaped)) return false;
    const detail = JSON.parse(text) as StoredDetail;
    return !!(detail.request_body?.includes(needle) || detail.response_body?.includes(needle));
  };
  const held = (e: PendingEntry): boolean =>
    byColumns(e.summary, e.query) ||
    !!(e.detail.request_body?.toLowerCase().includes(needle) || e.detail.response_body?.toLowerCase().includes(needle));
  return Object.assign(stored, { held });
}
