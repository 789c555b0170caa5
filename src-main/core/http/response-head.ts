// The headers of a partner response, kept as the pipeline's steps set them and written to the
// socket in one writeHead. The journal records `fields` as they are: what the client was sent, read from
// our own object rather than from Node's (its getHeaders() copy is a dictionary-mode object, 2 µs to build
// and twice as slow to encode, and its internal table is not ours to read).

/** A header value as the steps give it; a list is sent and journaled joined, as getHeaders() showed it. */
export type HeaderValue = string | number | readonly string[];

const text = (value: HeaderValue): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : value.join(', '));

export class ResponseHead {
  /** Lowercased name → value: a plain object in the order the names were first set. */
  readonly fields: Record<string, string> = {};
  /** The names as set, once any was set in another case: Laravel's `X-RateLimit-Limit` goes out as Laravel writes it. */
  private wireNames: Record<string, string> | undefined;

  setHeader(name: string, value: HeaderValue): void {
    const key = name.toLowerCase();
    this.fields[key] = text(value);
    if (key !== name || this.wireNames !== undefined) (this.wireNames ??= {})[key] = name;
  }

  getHeader(name: string): string | undefined {
    return this.fields[name.toLowerCase()];
  }

  hasHeader(name: string): boolean {
    return this.fields[name.toLowerCase()] !== undefined;
  }

  /** No step removes a header today (`delete` would turn `fields` into a slow dictionary-mode object). */
  removeHeader(name: string): void {
    const key = name.toLowerCase();
    delete this.fields[key];
    if (this.wireNames) delete this.wireNames[key];
  }

  /** writeHead's flat `[name, value, …]` list, names as set. */
  wire(): string[] {
    const out: string[] = [];
    for (const k in this.fields) out.push(this.wireNames?.[k] ?? k, this.fields[k]);
    return out;
  }
}
