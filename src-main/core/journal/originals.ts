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
  private bytes = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024, private readonly maxEntries = 10_000) {}

  set(id: number, value: Originals): void {
    const size = sizeOf(value);
    if (size > this.maxBytes) return;
    this.entries.set(id, { value, size });
    this.bytes += size;
    // A Map iterates in insertion order, and ids only grow: the first key is the oldest entry.
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) {
      const [oldest, e] = this.entries.entries().next().value as [number, { size: number }];
      this.entries.delete(oldest);
      this.bytes -= e.size;
    }
  }

  get(id: number): Originals | undefined {
    return this.entries.get(id)?.value;
  }

  /** Drops entries older than the journal keeps (after its cap trimmed them). */
  dropBefore(id: number): void {
    for (const [k, e] of this.entries) {
      if (k >= id) break;
      this.entries.delete(k);
      this.bytes -= e.size;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
