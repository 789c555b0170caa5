// A bounded memo for per-request work whose inputs repeat: the same Authorization header, query
// string, header name or path arrives again and again from one client. Inputs are the client's to
// choose, so the table is bounded in entries and key length: when it fills up it starts over (no
// bookkeeping per hit), and a long key is computed every time rather than kept.
export class Memo<V> {
  private readonly table = new Map<string, V>();

  constructor(private readonly limit: number, private readonly compute: (key: string) => V, private readonly maxKeyLength = 1024) {}

  get(key: string): V {
    if (key.length > this.maxKeyLength) return this.compute(key);
    let v = this.table.get(key);
    if (v === undefined && !this.table.has(key)) {
      v = this.compute(key);
      if (this.table.size >= this.limit) this.table.clear();
      this.table.set(key, v);
    }
    return v as V;
  }

  clear(): void {
    this.table.clear();
  }
}
