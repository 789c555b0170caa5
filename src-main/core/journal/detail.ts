// An entry's detail (headers, bodies, form fields): the part of a journal entry that is stored deflated,
// since journal migration 2 in one block per batch (batch.ts), before that one per row (decodeDetail).
// One function turns a detail back into an entry, whether it comes from memory or from journal.sqlite,
// so an entry reads the same before and after it is written out.
import { inflateRawSync } from 'node:zlib';
import type { JournalEntry, JournalSummary } from '../../../src-shared/control';

export type Detail = Omit<JournalEntry, keyof JournalSummary | 'query' | 'why'>;
type Why = NonNullable<JournalEntry['why']>;

/** The `why` column's JSON (journal migration 5) as the entry's field; null for no refusal, or one not readable. */
export function whyOf(text: string | null | undefined): Why | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Why;
  } catch {
    return null;
  }
}

/** A row written before migration 2: its own deflated JSON detail. */
export const decodeDetail = (bytes: Uint8Array): Partial<Detail> => JSON.parse(inflateRawSync(bytes).toString('utf8')) as Partial<Detail>;

/** Summary and detail as one entry; entries written before a field existed get its neutral value. */
export function entryOf(summary: JournalSummary & { query: string | null }, d: Partial<Detail>, why: string | null = null): JournalEntry {
  return {
    ...summary,
    query: summary.query ?? '',
    request_headers: d.request_headers ?? {},
    request_body: d.request_body ?? null,
    request_params: d.request_params ?? null,
    request_bytes: d.request_bytes ?? (d.request_body ? Buffer.byteLength(d.request_body) : 0),
    response_headers: d.response_headers ?? {},
    response_body: d.response_body ?? null,
    response_bytes: d.response_bytes ?? (d.response_body ? Buffer.byteLength(d.response_body) : 0),
    error: d.error ?? null,
    truncated: d.truncated ?? false,
    why: whyOf(why),
    // Only on held requests (behaviour §18).
    ...(d.hold ? { hold: d.hold } : {}),
  };
}
