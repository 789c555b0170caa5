// The request journal's store (behaviour §14): every partner request, masked, capped, persisted. Entries
// wait in memory (pending.ts), then a batch is deflated (batch.ts) and written by the repository
// (db/repositories/journal.ts, the journal's rows only); readers see held and written entries alike.
import type { JournalEntry, JournalSummary } from '../../../src-shared/control';
import { journalRepo, type JournalFilter, type JournalPage, type JournalRow } from '../db/repositories/journal';
import { DecodedBatch, encodeBatch } from './batch';
import { forgetRememberedValues } from './capture';
import { decodeDetail, entryOf, type Detail } from './detail';
import { columnMatcher } from './filter';
import { OriginalsStore, type Originals } from './originals';
import { PendingEntries, type PendingEntry } from './pending';
import { searcher } from './search';
import type { Database } from '../db/database';
import type { SimulatorEventBus } from '../events';
import { JOURNAL_FLUSH_DELAY_MS } from '../perf/request-path';

export type { JournalFilter, JournalPage } from '../db/repositories/journal';

/** What a caller records; the byte counts and form fields default for callers that do not know them. */
export type JournalRecord = Omit<JournalEntry, 'id' | 'request_params' | 'request_bytes' | 'response_bytes'> &
  Partial<Pick<JournalEntry, 'request_params' | 'request_bytes' | 'response_bytes'>>;

const heldEntry = (e: PendingEntry): JournalEntry => entryOf({ ...e.summary, query: e.query }, e.detail, e.why);

/** How long a recorded entry waits in memory before its batch is compressed and written out (perf/request-path.ts). */
const FLUSH_DELAY_MS = JOURNAL_FLUSH_DELAY_MS;

/**
 * `ctx.events` hears of every entry recorded; `db` is the journal's own database (unlogged writes). It keeps
 * the newest `cap` entries in at most `capBytes` stored bytes (undefined: the default, 64 MiB).
 */
export function journalService(ctx: { events: SimulatorEventBus }, db: Database, cap: number, capBytes?: number) {
  const stored = journalRepo(db, capBytes);
  try {
    stored.fitUnderCap();
  } catch (err) {
    // The start goes on: the next batch makes room again, and a journal over its cap loses nothing.
    console.warn(`The request journal could not be brought under its byte cap: ${(err as Error).message}`);
  }
  // The last blocks read: an export or a search reads rows newest first, so consecutive rows share a
  // block and each block is inflated once. Two, so a reader alternating between neighbours does not
  // thrash; kept only until the read is over (a block of large bodies can hold megabytes).
  const blocks = new Map<number, DecodedBatch>();
  let forget: NodeJS.Immediate | undefined;
  const blockOf = (batch: number): DecodedBatch | undefined => {
    let b = blocks.get(batch);
    if (!b) {
      const bytes = stored.block(batch);
      if (!bytes) return undefined;
      b = new DecodedBatch(bytes);
      if (blocks.size >= 2) blocks.delete(blocks.keys().next().value!);
      blocks.set(batch, b);
      forget ??= setImmediate(() => {
        forget = undefined;
        blocks.clear();
      }).unref();
    }
    return b;
  };
  const storedEntry = ({ detail, batch, why, ...summary }: JournalRow): JournalEntry =>
    entryOf(summary, batch === null ? decodeDetail(detail) : (blockOf(batch)?.detail(summary.id - batch) ?? {}), why);
  const originals = new OriginalsStore(16 * 1024 * 1024, cap);
  let nextId = stored.maxId() + 1;
  // Entries are written in batches: a commit per request cost more than the request itself (measured:
  // A1 at ~960 req/s with one commit per entry). Deflating moved into the batch too, out of the request's
  // own work (the journal was 17.5% of A5's CPU under load, deflate 6.6%), and then from one deflate per
  // entry to one per batch (journal/batch.ts). Readers see held entries in place.
  // A worker thread for the deflating was tried and dropped: its isolate cost 10–25 MiB of RSS.
  const pending = new PendingEntries();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending.count) return;
    const held = pending.drain();
    const block = encodeBatch(held.map((e) => e.detail));
    db.unloggedBatch(() => {
      stored.insertBatch(held, block);
      const first = held[0].summary.id;
      const last = held[held.length - 1].summary.id;
      if (Math.floor(last / 100) !== Math.floor((first - 1) / 100)) {
        stored.trim(last - cap + 1);
        originals.dropBefore(last - cap + 1);
      }
    });
  };
  // The cap holds for readers at every moment: the stored rows a later flush trims, and held entries
  // past the cap, are already out of view. Ids only grow, so the newest `cap` entries are an id range.
  const visible = <P extends Partial<JournalPage>>(page: P): P => {
    const first = nextId - cap;
    return first > 1 && (page.after ?? 0) < first - 1 ? { ...page, after: first - 1 } : page;
  };
  /** Held entries of the filtered set (column filters, paging and `q`), newest first. */
  const heldMatching = (f: JournalFilter, page: Omit<JournalPage, 'limit'> = {}): PendingEntry[] => {
    const columns = columnMatcher(f, visible(page));
    const text = f.q ? searcher(f.q, blockOf).held : undefined;
    const out: PendingEntry[] = [];
    for (const e of pending.newestFirst()) if (columns(e.summary) && (!text || text(e))) out.push(e);
    return out;
  };
  /** The stored part of the filtered set with `q`: by SQL, then the body search; undefined without `q`. */
  const storedSearch = (f: JournalFilter): JournalRow[] | undefined => (f.q ? stored.rows(f, visible({})).filter(searcher(f.q, blockOf)) : undefined);
  const inPage = (p: Omit<JournalPage, 'limit'>) => (r: JournalRow) => (!p.before || r.id < p.before) && (!p.after || r.id > p.after);
  return {
    flush,
    /** What is held in memory, not yet written out (bounded by count and bytes). */
    held: () => ({ entries: pending.count, bytes: pending.bytes, maxEntries: pending.maxEntries, maxBytes: pending.maxBytes }),
    /**
     * `unmasked` holds what masking replaced; it stays in memory, never in the database. `consultation`: the sid
     * of the consultation the request touched, which its timeline finds it by.
     */
    record(e: JournalRecord, unmasked?: Originals | null, consultation: string | null = null, asId?: number): JournalSummary {
      // `asId`: an entry of an opened bundle keeps the id it had (domain/scenario/bundle.ts), in increasing order.
      const id = asId ?? nextId++;
      if (asId !== undefined) nextId = Math.max(nextId, asId + 1);
      const summary: JournalSummary = {
        id, time: e.time, app: e.app, family: e.family, endpoint: e.endpoint, method: e.method, path: e.path, status: e.status,
        duration_ms: e.duration_ms, injected: e.injected ?? null, agent: e.agent ?? null,
      };
      const detail: Detail = {
        request_headers: e.request_headers, request_body: e.request_body, request_params: e.request_params ?? null,
        request_bytes: e.request_bytes ?? (e.request_body ? Buffer.byteLength(e.request_body) : 0),
        response_headers: e.response_headers, response_body: e.response_body,
        response_bytes: e.response_bytes ?? (e.response_body ? Buffer.byteLength(e.response_body) : 0), error: e.error, truncated: e.truncated,
        // Undefined (not stored) for the requests no hold touched: most of them.
        hold: e.hold ?? undefined,
      };
      // A refusal's why (journal migration 5) as its column's JSON: refusals are few, and this is their only cost.
      const full = pending.push(summary, e.query, detail, consultation, e.why ? JSON.stringify(e.why) : null);
      originals.set(id, unmasked ?? null);
      if (full) flush();
      else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
      ctx.events.emit('request', summary);
      return summary;
    },
    /** A page of the filtered set and the size of the whole filtered set (paging aside). */
    list(f: JournalFilter, page: JournalPage): { items: JournalSummary[]; total: number } {
      // Held entries are all newer than stored ones: they come first, newest first.
      const held = heldMatching(f);
      const onPage = columnMatcher({}, visible(page));
      const heldInPage = held.filter((e) => onPage(e.summary));
      const items = heldInPage.slice(0, page.limit).map((e) => e.summary);
      const rest = page.limit - items.length;
      const found = storedSearch(f);
      if (!found) {
        if (rest > 0) items.push(...stored.list(f, visible({ ...page, limit: rest })));
        return { items, total: held.length + stored.count(f, visible({})) };
      }
      if (rest > 0) items.push(...found.filter(inPage(page)).slice(0, rest).map(({ query: _q, detail: _d, batch: _b, why: _w, ...summary }) => summary));
      return { items, total: held.length + found.length };
    },
    /**
     * The id of the newest entry recorded (0 before the first): every later entry has a larger one. A
     * counter, unlike `list`, which counts the whole journal in SQL; for placing a control call after
     * the partner requests before it (the HAR export), an id that was cleared since places it the same.
     */
    newestId: (): number => nextId - 1,
    count(f: JournalFilter = {}): number {
      return heldMatching(f).length + (storedSearch(f)?.length ?? stored.count(f, visible({})));
    },
    /**
     * The entries that touched consultation `sid` since `from` (the journal's time), oldest first, by its index:
     * held ones too, none past the cap, at most the newest `perEndpoint` stored ones of each endpoint (a client
     * polling A11 all day must not make the timeline megabytes long).
     */
    ofConsultation(sid: string, from: string, perEndpoint: number): JournalEntry[] {
      const first = nextId - cap;
      const held = [];
      for (const e of pending.newestFirst()) if (e.consultation === sid && e.summary.id >= first && e.summary.time >= from) held.push(e);
      const written = stored.ofConsultation(sid, from, first, perEndpoint);
      // Newest first, each endpoint counted across held and written entries.
      const seen = new Map<string | null, number>();
      const kept: JournalEntry[] = [];
      const keep = (endpoint: string | null) => {
        const n = (seen.get(endpoint) ?? 0) + 1;
        seen.set(endpoint, n);
        return n <= perEndpoint;
      };
      for (const e of held) if (keep(e.summary.endpoint)) kept.push(heldEntry(e));
      for (let i = written.length - 1; i >= 0; i--) if (keep(written[i].endpoint)) kept.push(storedEntry(written[i]));
      return kept.reverse();
    },
    /**
     * Entries recorded before the journal kept each one's consultation (journal migration 4) from `from` (the
     * journal's time), at most `limit` of each endpoint, newest first: the timeline searches their bodies. Empty
     * once none are left.
     */
    entriesFromBefore(endpoints: readonly string[], from: string, limit: number): JournalEntry[] {
      const before = stored.consultationFrom();
      if (before === undefined) return [];
      return endpoints.flatMap((endpoint) => stored.page({ endpoint, from }, visible({ before, limit })).map(storedEntry));
    },
    /** Full entries of the filtered set, oldest first (the HAR export). */
    entries(f: JournalFilter, limit: number): JournalEntry[] {
      const held = heldMatching(f).slice(0, limit).map(heldEntry);
      const rest = limit - held.length;
      const written = rest > 0 ? (storedSearch(f)?.slice(0, rest) ?? stored.page(f, visible({ limit: rest }))).map(storedEntry) : [];
      return [...held, ...written].reverse();
    },
    get(id: number): JournalEntry | undefined {
      if (id < nextId - cap) return undefined; // past the cap, even if a later flush has yet to trim it
      const held = pending.get(id);
      if (held) return heldEntry(held);
      const row = stored.get(id);
      return row ? storedEntry(row) : undefined;
    },
    /** What masking replaced in an entry, while this process still holds it. */
    unmasked: (id: number) => originals.get(id),
    clear(): void {
      pending.drain();
      blocks.clear();
      originals.clear();
      forgetRememberedValues();
      stored.clear();
      ctx.events.state('journal', 'all', 'cleared');
    },
  };
}
