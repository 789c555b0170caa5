// Free-text search over the journal: path, query, endpoint id, method, and both bodies. Bodies are
// stored deflated, so a block (or an old row's own detail) is inflated once and its raw text checked
// before anything is parsed: most rows are ruled out cheaply (10,000 entries searched in well under a
// second). Entries not yet written out are searched as they are held, by the same rules.
import { inflateRawSync } from 'node:zlib';
import type { JournalSummary } from '../../../src-shared/control';
import type { JournalRow } from '../db/repositories/journal';
import type { DecodedBatch } from './batch';
import type { PendingEntry } from './pending';

interface OldDetail {
  request_body?: string | null;
  response_body?: string | null;
}

export function searcher(q: string, blockOf: (batch: number) => DecodedBatch | undefined) {
  const needle = q.toLowerCase();
  // How the needle looks inside an old row's JSON text (quotes, backslashes, control characters escaped).
  const escaped = JSON.stringify(needle).slice(1, -1);
  const upper = q.toUpperCase();
  const byColumns = (s: JournalSummary, query: string | null) =>
    s.endpoint === q || s.method === upper || s.path.toLowerCase().includes(needle) || (query ?? '').toLowerCase().includes(needle);
  const stored = (row: JournalRow): boolean => {
    if (byColumns(row, row.query)) return true;
    if (row.batch !== null) return blockOf(row.batch)?.bodyIncludes(row.id - row.batch, needle) ?? false;
    const text = inflateRawSync(row.detail).toString('utf8').toLowerCase();
    if (!text.includes(escaped)) return false;
    const detail = JSON.parse(text) as OldDetail;
    return !!(detail.request_body?.includes(needle) || detail.response_body?.includes(needle));
  };
  const held = (e: PendingEntry): boolean =>
    byColumns(e.summary, e.query) ||
    !!(e.detail.request_body?.toLowerCase().includes(needle) || e.detail.response_body?.toLowerCase().includes(needle));
  return Object.assign(stored, { held });
}
