// Answers of the partner API's pure reads, kept while the data they were read from is unchanged.
//
// A partner's test suite polls `pet/list` far more often than it writes; each answer cost a sql.js
// query, a serializer pass and JSON.stringify (~40% of an A5 request's CPU, issue 14). An entry is
// valid for one `Database.dataVersion`: every committed logged write, replay, reset and snapshot
// restore bumps it, so the first read after any write is computed afresh (test/api/read-cache.test.ts).
import type { EndpointId } from '../../../src-shared/endpoint-list';
import { PARTNER_ENDPOINTS } from './endpoints';

/**
 * Endpoints whose 200 answer is a function of the stored data, the app and the query string alone, as
 * their definitions say (`pureRead`): no clock (A6's `activedays`, B6's file name), no randomness, no
 * writes, and no URL built from the caller's Host (a pet's `profile` is stored whole when it is uploaded;
 * A1's `media_url` is built per call). A5, B4 and B7.
 */
const PURE_READS: ReadonlySet<EndpointId> = new Set(PARTNER_ENDPOINTS.filter((e) => e.pureRead).map((e) => e.id));

/** Past these sizes a request is answered without the cache: a hostile caller cannot fill memory with it. */
const MAX_KEY_CHARS = 2048;
const MAX_BODY_CHARS = 256 * 1024;
const MAX_ENTRIES = 512;
/** All entries together (characters): a caller busting caches with `&_=<time>` cannot make it hold more. */
const MAX_TOTAL_CHARS = 4 * 1024 * 1024;

export class ReadCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;
  private version = -1;

  constructor(private readonly dataVersion: () => number) {}

  /** The key of a request, or undefined when this request is not to be cached. */
  static keyOf(endpoint: EndpointId, appId: number, query: string): string | undefined {
    if (!PURE_READS.has(endpoint)) return undefined;
    const key = `${endpoint} ${appId} ${query}`;
    return key.length <= MAX_KEY_CHARS ? key : undefined;
  }

  get(key: string): string | undefined {
    this.follow();
    return this.entries.get(key);
  }

  /** Keeps `body`, read at `readAt`, unless something was written since (then it may already be stale). */
  set(key: string, body: string, readAt: number): void {
    if (readAt !== this.dataVersion() || body.length > MAX_BODY_CHARS) return;
    this.follow();
    const old = this.entries.get(key);
    if (old !== undefined) this.drop(key, old);
    // The oldest go first, until this one fits.
    while (this.entries.size && (this.entries.size >= MAX_ENTRIES || this.chars + key.length + body.length > MAX_TOTAL_CHARS)) {
      const [k, v] = this.entries.entries().next().value!;
      this.drop(k, v);
    }
    this.entries.set(key, body);
    this.chars += key.length + body.length;
  }

  private drop(key: string, body: string): void {
    this.entries.delete(key);
    this.chars -= key.length + body.length;
  }

  /** How much it holds (for tests and the curious). */
  size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  /** A write happened: every entry is older than the data. */
  private follow(): void {
    const now = this.dataVersion();
    if (now === this.version) return;
    this.entries.clear();
    this.chars = 0;
    this.version = now;
  }
}
