// Entries written out together are stored together: one deflated block per batch flush, in
// `journal_batch`, instead of one deflate per entry (a zlib stream's set-up cost more than the
// compressing: ~30 µs an entry, a third of the journal's cost). Within a block each distinct body
// is stored once: the read cache hands out the very same answer string for repeated reads, and 100
// identical 2 KB answers become one text and 100 small references; so does a repeated request header
// set (capture.ts shares one object per distinct set).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { JournalParam } from '../../../src-shared/control';
import type { HoldOutcome } from '../../../src-shared/schemas/holds';
import type { Detail } from './detail';

/**
 * A detail as stored in a block, by position (no key names to write and compress 100 times over):
 * request headers index the block's `headers`, bodies its `texts`; `truncated` is 0 or 1.
 */
type StoredDetail = [
  requestHeaders: number, requestBody: number | null, requestParams: JournalParam[] | null, requestBytes: number,
  responseHeaders: Record<string, string>, responseBody: number | null, responseBytes: number, error: string | null, truncated: 0 | 1,
  /** Only on a held request (behaviour §18); blocks written before holds end at `truncated`. */
  hold?: HoldOutcome,
];

/**
 * The block's JSON part. Bodies are not JSON-escaped (that cost more than the rest of the block): a
 * well-formed text is written raw after the JSON and a newline, in order, and `texts` holds its length;
 * a text with a lone surrogate (which UTF-8 cannot carry) stays in `texts` as a JSON string.
 */
interface Block {
  texts: (string | number)[];
  headers: Record<string, string>[];
  details: StoredDetail[];
}

/** No lone surrogate (String.prototype.isWellFormed: Node 20+, not yet in this TypeScript lib). */
const wellFormed = (t: string): boolean => (t as string & { isWellFormed(): boolean }).isWellFormed();

/** One block for the details of consecutive entries (the first one's id is the block's id). */
export function encodeBatch(details: readonly Detail[]): Uint8Array {
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const textAt = (text: string | null): number | null => {
    if (text === null) return null;
    let i = textIndex.get(text);
    if (i === undefined) textIndex.set(text, (i = texts.push(text) - 1));
    return i;
  };
  const headers: Record<string, string>[] = [];
  const headerIndex = new Map<Record<string, string>, number>();
  const headersAt = (h: Record<string, string>): number => {
    let i = headerIndex.get(h);
    if (i === undefined) headerIndex.set(h, (i = headers.push(h) - 1));
    return i;
  };
  const stored = details.map((d): StoredDetail => {
    const row: StoredDetail = [
      headersAt(d.request_headers), textAt(d.request_body), d.request_params, d.request_bytes,
      d.response_headers, textAt(d.response_body), d.response_bytes, d.error, d.truncated ? 1 : 0,
    ];
    if (d.hold) row.push(d.hold);
    return row;
  });
  const raw: string[] = [];
  const inline = texts.map((t) => (wellFormed(t) ? (raw.push(t), t.length) : t));
  return deflateRawSync(`${JSON.stringify({ texts: inline, headers, details: stored } satisfies Block)}\n${raw.join('')}`, { level: 1 });
}

/** A decoded block: the entries' details by position, bodies resolved. */
export class DecodedBatch {
  private readonly block: Omit<Block, 'texts'> & { texts: string[] };
  private lowered?: string[];

  constructor(bytes: Uint8Array) {
    const text = inflateRawSync(bytes).toString('utf8');
    const json = text.indexOf('\n'); // JSON.stringify never writes a raw newline
    const block = JSON.parse(text.slice(0, json)) as Block;
    let at = json + 1;
    const texts = block.texts.map((t) => (typeof t === 'number' ? text.slice(at, (at += t)) : t));
    this.block = { ...block, texts };
  }

  detail(position: number): Detail | undefined {
    const d = this.block.details[position];
    if (!d) return undefined;
    const text = (i: number | null) => (i === null ? null : this.block.texts[i]);
    return {
      request_headers: this.block.headers[d[0]], request_body: text(d[1]), request_params: d[2], request_bytes: d[3],
      response_headers: d[4], response_body: text(d[5]), response_bytes: d[6], error: d[7], truncated: d[8] === 1,
      ...(d[9] ? { hold: d[9] } : {}),
    };
  }

  /** Whether either body of the entry at `position` contains `needle` (already lowercase); each text is lowercased once. */
  bodyIncludes(position: number, needle: string): boolean {
    const d = this.block.details[position];
    if (!d) return false;
    this.lowered ??= this.block.texts.map((t) => t.toLowerCase());
    return (d[1] !== null && this.lowered[d[1]].includes(needle)) || (d[5] !== null && this.lowered[d[5]].includes(needle));
  }
}
