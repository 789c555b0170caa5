// Entries written out together are stored together: one deflated block per batch flush, in
// `journal_batch`, instead of one deflate per entry (a zlib stream's set-up cost more than the
// compressing: ~30 µs an entry, a third of the journal's cost). Within a block each distinct body
// is stored once: the read cache hands out the very same answer string for repeated reads, and 100
// identical 2 KB answers become one text and 100 small references; so does a repeated request header set.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Detail } from './detail';

/** A detail as stored in a block: bodies are indexes into the block's `texts`, request headers into its `headers`. */
type StoredDetail = Omit<Detail, 'request_body' | 'response_body' | 'request_headers'> & {
  request_headers: number; request_body: number | null; response_body: number | null;
};

interface Block {
  texts: string[];
  headers: Record<string, string>[];
  details: StoredDetail[];
}

/** One block for the details of consecutive entries (the first one's id is the block's id). */
export function encodeBatch(details: readonly Detail[]): Uint8Array {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const textAt = (text: string | null): number | null => {
    if (text === null) return null;
    let i = index.get(text);
    if (i === undefined) index.set(text, (i = texts.push(text) - 1));
    return i;
  };
  // Field by field, not a spread with overrides: V8 copies such a spread the slow way (~5 µs a detail).
  // Request header sets are shared objects when they repeat (capture.ts): stored once per block.
  const headers: Record<string, string>[] = [];
  const headerIndex = new Map<Record<string, string>, number>();
  const headersAt = (h: Record<string, string>): number => {
    let i = headerIndex.get(h);
    if (i === undefined) headerIndex.set(h, (i = headers.push(h) - 1));
    return i;
  };
  const stored = details.map((d): StoredDetail => ({
    request_headers: headersAt(d.request_headers), request_body: textAt(d.request_body), request_params: d.request_params, request_bytes: d.request_bytes,
    response_headers: d.response_headers, response_body: textAt(d.response_body), response_bytes: d.response_bytes, error: d.error, truncated: d.truncated,
  }));
  return deflateRawSync(JSON.stringify({ texts, headers, details: stored } satisfies Block), { level: 1 });
}

/** A decoded block: the entries' details by position, bodies resolved. */
export class DecodedBatch {
  private readonly block: Block;
  private lowered?: string[];

  constructor(bytes: Uint8Array) {
    this.block = JSON.parse(inflateRawSync(bytes).toString('utf8')) as Block;
  }

  get size(): number {
    return this.block.details.length;
  }

  detail(position: number): Partial<Detail> | undefined {
    const d = this.block.details[position];
    if (!d) return undefined;
    const t = this.block.texts;
    return {
      request_headers: this.block.headers[d.request_headers], request_body: d.request_body === null ? null : t[d.request_body], request_params: d.request_params,
      request_bytes: d.request_bytes, response_headers: d.response_headers, response_body: d.response_body === null ? null : t[d.response_body],
      response_bytes: d.response_bytes, error: d.error, truncated: d.truncated,
    };
  }

  /** Whether either body of the entry at `position` contains `needle` (already lowercase); each text is lowercased once. */
  bodyIncludes(position: number, needle: string): boolean {
    const d = this.block.details[position];
    if (!d) return false;
    this.lowered ??= this.block.texts.map((t) => t.toLowerCase());
    return (d.request_body !== null && this.lowered[d.request_body].includes(needle)) || (d.response_body !== null && this.lowered[d.response_body].includes(needle));
  }
}
