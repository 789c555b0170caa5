// Every performance switch on a partner request's path, with the measurement that justifies it; index.ts tables
// the process-level ones (a start, the heap, threads). Two kinds: the values below, which the code imports from
// here (change one here, and the measurement beside it says what it cost), and choices of code shape the table
// names where they live (a literal instead of a spread, a memo instead of a match) — their measurement is here,
// their code stays where it runs. Imports nothing: http/ and db/ may read it (the floors' rules allow a leaf).
//
// Measured for the issue named, on the shared two-core build machine, Node 24 unless Node 22 is named.

/** A partner pure read's answer is kept for one data version (partner/read-cache.ts). */
export const PARTNER_READ_CACHE = true;
/** The journal holds entries this long before a batch is deflated and written (journal/service.ts). */
export const JOURNAL_FLUSH_DELAY_MS = 50;
/** ...or until this many entries, or bytes, are held (journal/pending.ts). */
export const JOURNAL_PENDING_MAX_ENTRIES = 500;
export const JOURNAL_PENDING_MAX_BYTES = 8 * 1024 * 1024;
/** Multi-row INSERT sizes of a journal batch, largest first: one prepared statement each (db/repositories/journal.ts). */
export const JOURNAL_INSERT_SIZES: readonly number[] = [100, 25, 5, 1];
/** Basic answers kept per app record (domain/authentication.ts): a header checked once, not four sha256 a request. */
export const BASIC_ANSWERS_PER_APP = 256;
/** Random bytes drawn at once for ids and sids, each handed out once (domain/context.ts randomHex). */
export const RANDOM_POOL_BYTES = 4096;
/** Distinct method-and-path pairs matched once and kept (partner/route-resolver.ts). */
export const ROUTE_MEMO_ENTRIES = 512;

export interface RequestPathSwitch {
  /** What is switched. */
  name: string;
  /** Where it runs (from src-main/core/). */
  where: string;
  /** What it buys, as measured. */
  measured: string;
}

export const REQUEST_PATH_SWITCHES: readonly RequestPathSwitch[] = [
  // Values (above).
  { name: 'read cache of pure reads (A5, B4, B7)', where: 'partner/read-cache.ts', measured: 'a sql.js query, a serializer pass and JSON.stringify were ~40% of an A5 request\'s CPU (issue 14)' },
  { name: 'journal entries written in batches', where: 'journal/service.ts', measured: 'one commit per entry held A1 at ~960 req/s; the journal was 17.5% of A5\'s CPU under load, deflate 6.6% (issue 14)' },
  { name: 'one deflate per batch, each distinct body once', where: 'journal/batch.ts', measured: 'a zlib stream per entry cost ~30 µs, a third of the journal\'s cost (issue 14); a worker thread for it cost 10–25 MiB RSS and was dropped' },
  { name: 'multi-row INSERTs in fixed sizes', where: 'db/repositories/journal.ts', measured: '30 µs a row one by one, 4.5 µs a row in 100s (sql.js: a statement\'s fixed cost)' },
  { name: 'Basic answers cached per app and header', where: 'domain/authentication.ts', measured: 'four sha256 and a timingSafeEqual a request: ~10 µs, up to 34 (re-measured 2026-11-28, loaded machine)' },
  { name: 'random bytes from a 4 KiB pool', where: 'domain/context.ts', measured: 'randomBytes per id 2–3 µs warm, ~12 µs cold (issue 30, A7); pooled 0.15 µs (re-measured 2026-11-28: randomBytes(16) 12–25 µs, pooled 0.4–1.3 µs)' },
  { name: 'route matches memoised per method and path', where: 'partner/route-resolver.ts', measured: 'two regular expressions, a decode and a table lookup were ~2.5 µs of every request' },
  // Code shapes.
  { name: 'the journal entry as one literal with every field', where: 'journal/recorder.ts', measured: 'a spread of a shared base cost ~9 µs an entry (slow copy-and-extend path)' },
  { name: 'a header set masked once and shared', where: 'journal/capture.ts', measured: 'building a key to look it up cost ~2 µs a request; compared in place instead' },
  { name: 'unmasked values kept as runs, not map entries', where: 'journal/originals.ts', measured: 'a map entry and its eviction cost ~1 µs a request' },
  { name: 'response headers in our own object', where: 'http/response-head.ts', measured: 'getHeaders()\'s dictionary-mode copy cost 2 µs to build and encoded twice as slowly' },
  { name: 'pets built by assignment, not spread', where: 'partner/shared-serializers.ts', measured: '2.8–3.6 µs a pet serialized against 1.3 µs (issue 30, A2 at 50 connections)' },
  { name: 'A8\'s user extended in place', where: 'partner/application/endpoints.ts', measured: 'a spread of its 22 fields cost ~1.7 µs with its JSON' },
  { name: 'row objects from a compiled literal', where: 'db/row-maker.ts', measured: '7–8 µs per user row built key by key against 0.2 µs' },
  { name: 'ORDER BY id done in JavaScript', where: 'db/repositories/by-id-order.ts', measured: 'a sorter cursor cost 4–9 µs a statement (1.0 → 4.9 µs, user_statuses 1.8 → 10.4; issue 30)' },
  { name: 'a vet\'s name read without the busy subquery', where: 'db/repositories/vets.ts', measured: 'the correlated subquery cost a read ~4 µs' },
  { name: 'a vet console card from point reads', where: 'db/repositories/consultation-cards.ts', measured: 'the joined card 57 µs, four point reads 6 µs (issue 30)' },
  { name: 'EXCLUSIVE locking mode', where: 'db/connection.ts', measured: 'reads 2.4× faster (50k indexed reads + 5k writes: 2.9–3.1 s → 1.2–1.3 s)' },
  { name: 'busboy loaded on the first multipart request', where: 'http/body.ts', measured: 'a cold start answers its first GET without it (issue 14)' },
  { name: 'no express on the partner path', where: 'partner/pipeline.ts', measured: 'its per-request work (prototype swaps, header helpers, router layers) was the largest cost after the journal and the database (issue 14)' },
];
