// Entries recorded but not yet written to journal.sqlite, kept as recorded (masked, not compressed):
// compressing and inserting happen in one batch later, not while a request is answered. Readers see
// them from here. Bounded by count and bytes, so a burst of large bodies cannot grow memory unchecked.
import type { JournalSummary } from '../../../src-shared/control';
import type { Detail } from './detail';
import { JOURNAL_PENDING_MAX_BYTES, JOURNAL_PENDING_MAX_ENTRIES } from '../perf/request-path';

export interface PendingEntry {
  summary: JournalSummary;
  query: string;
  detail: Detail;
  /** The consultation the request touched (its sid), or null. */
  consultation: string | null;
  /** Why a refused call was refused, as the JSON its column stores (journal migration 5), or null. */
  why: string | null;
  /** Estimated bytes held (UTF-16 text plus a flat allowance for headers and object overhead). */
  size: number;
}

const HEADERS_ALLOWANCE = 2048;
const sizeOf = (query: string, d: Detail) =>
  HEADERS_ALLOWANCE + 2 * (query.length + (d.request_body?.length ?? 0) + (d.response_body?.length ?? 0) + (d.error?.length ?? 0));

export class PendingEntries {
  private items: PendingEntry[] = [];
  private held = 0;

  constructor(readonly maxEntries = JOURNAL_PENDING_MAX_ENTRIES, readonly maxBytes = JOURNAL_PENDING_MAX_BYTES) {}

  /** Adds an entry; true when the buffer reached a bound and must be written out now. */
  push(summary: JournalSummary, query: string, detail: Detail, consultation: string | null = null, why: string | null = null): boolean {
    const size = sizeOf(query, detail) + (why ? 2 * why.length : 0);
    this.items.push({ summary, query, detail, consultation, why, size });
    this.held += size;
    return this.items.length >= this.maxEntries || this.held >= this.maxBytes;
  }

  /** Everything held, oldest first; the buffer is empty afterwards. */
  drain(): PendingEntry[] {
    const out = this.items;
    this.items = [];
    this.held = 0;
    return out;
  }

  get(id: number): PendingEntry | undefined {
    if (!this.items.length) return undefined;
    // Ids are handed out one by one and entries arrive in that order: the position follows from the id.
    const e = this.items[id - this.items[0].summary.id];
    return e?.summary.id === id ? e : undefined;
  }

  /** Held entries, newest first (the journal's reading order). */
  *newestFirst(): Generator<PendingEntry> {
    for (let i = this.items.length - 1; i >= 0; i--) yield this.items[i];
  }

  get count(): number {
    return this.items.length;
  }

  get bytes(): number {
    return this.held;
  }
}
