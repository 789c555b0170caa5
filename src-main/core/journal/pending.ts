// Entries recorded but not yet written to journal.sqlite, kept as recorded (masked, not compressed):
// compressing and inserting happen in a batch later, not while a request is answered. Readers see them
// here until they are written. Bounded by count and bytes: past the batch size a batch is written out
// in the background; past twice that (the background falling behind) the caller writes out at once.
import type { JournalSummary } from '../../../src-shared/control';
import type { Detail } from './detail';

export interface PendingEntry {
  summary: JournalSummary;
  query: string;
  detail: Detail;
  /** Estimated bytes held (UTF-16 text plus a flat allowance for headers and object overhead). */
  size: number;
}

const HEADERS_ALLOWANCE = 2048;
const sizeOf = (query: string, d: Detail) =>
  HEADERS_ALLOWANCE + 2 * (query.length + (d.request_body?.length ?? 0) + (d.response_body?.length ?? 0) + (d.error?.length ?? 0));

/** What a new entry asks of the caller: nothing, a batch written out soon, or everything written out now. */
export type Pressure = 'none' | 'batch' | 'full';

export class PendingEntries {
  private items: PendingEntry[] = [];
  private held = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;

  constructor(readonly batchEntries = 500, readonly batchBytes = 8 * 1024 * 1024) {
    this.maxEntries = 2 * batchEntries;
    this.maxBytes = 2 * batchBytes;
  }

  push(summary: JournalSummary, query: string, detail: Detail): Pressure {
    const size = sizeOf(query, detail);
    this.items.push({ summary, query, detail, size });
    this.held += size;
    if (this.items.length >= this.maxEntries || this.held >= this.maxBytes) return 'full';
    return this.items.length >= this.batchEntries || this.held >= this.batchBytes ? 'batch' : 'none';
  }

  /** The entries held now, oldest first; they stay held (and readable) until dropped. */
  snapshot(): PendingEntry[] {
    return this.items.slice();
  }

  /** Drops the oldest `count` entries (written out) and returns them. */
  dropOldest(count: number): PendingEntry[] {
    const out = this.items.splice(0, count);
    for (const e of out) this.held -= e.size;
    return out;
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
