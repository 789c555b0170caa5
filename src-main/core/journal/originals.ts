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

// UTF-16 in memory: a fair upper bound. Computed once per object: the usual partner call shares one
// object per Authorization value (capture.ts), so most entries cost a lookup, not a JSON encoding.
const sizes = new WeakMap<Originals, number>();
function sizeOf(o: Originals): number {
  let size = sizes.get(o);
  if (size === undefined) sizes.set(o, (size = JSON.stringify(o).length * 2));
  return size;
}

export class OriginalsStore {
  private entries = new Map<number, { value: Originals; size: number }>();
  /**
   * Ids in the order they were set (ids only grow), read from `head`: the oldest is found without
   * iterating the Map, whose iteration from the front skips every deleted slot until it is rehashed
   * (that made each eviction cost ~2.5 µs once the store was full).
   */
  private order: number[] = [];
  private head = 0;
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024, private readonly maxEntries = 10_000) {}

  set(id: number, value: Originals): void {
    const size = sizeOf(value);
    if (size > this.maxBytes) return;
    this.bytes -= this.entries.get(id)?.size ?? 0; // an id handed out again after a resync
    this.entries.set(id, { value, size });
    this.order.push(id);
    this.bytes += size;
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) this.dropOldest();
  }

  get(id: number): Originals | undefined {
    return this.entries.get(id)?.value;
  }

  /** Drops entries older than the journal keeps (after its cap trimmed them). */
  dropBefore(id: number): void {
    while (this.head < this.order.length && this.order[this.head] < id) this.dropOldest();
  }

  clear(): void {
    this.entries.clear();
    this.order = [];
    this.head = 0;
    this.bytes = 0;
  }

  private dropOldest(): void {
    const id = this.order[this.head++];
    const e = this.entries.get(id);
    if (e) {
      this.entries.delete(id);
      this.bytes -= e.size;
    }
    if (this.head >= 4096 && this.head * 2 >= this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}
