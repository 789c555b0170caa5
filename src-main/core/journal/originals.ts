// The values masking replaced, kept in process memory only (never in journal.sqlite, a snapshot or the
// UI), so that an explicit `credentials=include` HAR export can replay exactly what was sent.
// Bounded: the newest entries win; older ones fall back to the app's current credentials.
import type { JournalParam } from '../../../src-shared/control';

export interface Originals {
  headers?: Record<string, string>;
  query?: string;
  body?: string;
  params?: JournalParam[];
}

// UTF-16 in memory: a fair upper bound, computed once per distinct object.
const sizeOf = (o: Originals) => JSON.stringify(o).length * 2;

interface Run {
  /** The first entry id of the run; it lasts until the next run's first id. */
  from: number;
  value: Originals | null;
  size: number;
}

/**
 * Told about every entry in id order, and keeps runs of entries that share one value: the usual partner
 * call shares one object per Authorization value (capture.ts), so a client's thousands of requests are
 * one run, not thousands of map entries (a map entry and its eviction cost ~1 µs a request).
 */
export class OriginalsStore {
  private runs: Run[] = [];
  private head = 0;
  private bytes = 0;
  /** Entries below this id are forgotten (past the count or byte bound, or trimmed from the journal). */
  private floor = 0;
  private latest = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024, private readonly maxEntries = 10_000) {}

  /** What masking replaced in entry `id` (null: nothing); ids come in increasing order. */
  set(id: number, value: Originals | null): void {
    if (id <= this.latest) this.forgetFrom(id); // an id handed out again: what came with it before is not its
    this.latest = id;
    const last = this.runs[this.runs.length - 1];
    if (this.runs.length <= this.head || last.value !== value) {
      const size = value ? sizeOf(value) : 0;
      if (size > this.maxBytes) value = null;
      this.runs.push({ from: id, value, size: value ? size : 0 });
      this.bytes += value ? size : 0;
    }
    this.dropBefore(id - this.maxEntries + 1);
    while (this.bytes > this.maxBytes) this.dropBefore(this.runs[this.head + 1]?.from ?? id + 1);
  }

  get(id: number): Originals | undefined {
    if (id < this.floor || id > this.latest) return undefined;
    // The last run starting at or before `id`.
    let lo = this.head;
    let hi = this.runs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.runs[mid].from <= id) lo = mid;
      else hi = mid - 1;
    }
    const run = this.runs[lo];
    return run && run.from <= id ? (run.value ?? undefined) : undefined;
  }

  /** Forgets entries older than `id` (the journal's cap trimmed them, or a bound was reached). */
  dropBefore(id: number): void {
    if (id <= this.floor) return;
    this.floor = id;
    // A run ends where the next begins: drop those that end at or before the floor.
    while (this.head + 1 < this.runs.length && this.runs[this.head + 1].from <= id) {
      this.bytes -= this.runs[this.head].size;
      this.head++;
    }
    if (this.head + 1 === this.runs.length && this.runs[this.head].from < id && id > this.latest) {
      this.bytes -= this.runs[this.head].size;
      this.head++;
    }
    if (this.head >= 1024 && this.head * 2 >= this.runs.length) {
      this.runs = this.runs.slice(this.head);
      this.head = 0;
    }
  }

  clear(): void {
    this.runs = [];
    this.head = 0;
    this.bytes = 0;
    this.floor = 0;
    this.latest = 0;
  }

  private forgetFrom(id: number): void {
    while (this.runs.length > this.head && this.runs[this.runs.length - 1].from >= id) this.bytes -= this.runs.pop()!.size;
    this.latest = id - 1;
  }
}
