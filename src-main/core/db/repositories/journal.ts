import type { Database } from '../database';
import { DEFAULT_JOURNAL_CAP_BYTES, MAX_JOURNAL_CAP_BYTES, MIN_JOURNAL_CAP_BYTES } from '../options';
import type { Param } from '../oplog';
import { JOURNAL_INSERT_SIZES } from '../../perf/request-path';
import type { JournalSummary } from '../../../../src-shared/control';

/** What narrows the journal; `q` also searches bodies, which the service does (they are stored deflated). */
export interface JournalFilter {
  family?: string; statusClass?: string; q?: string; app?: string; endpoint?: string; method?: string;
  /** `partner`: the partner API's requests; `control`: an agent's control calls, journaled under /__sim/ (behaviour §21). */
  source?: 'partner' | 'control';
  /** Inclusive bounds in the journal's own time format (`YYYY-MM-DD HH:MM:SS.mmm`, UTC), which sorts as text. */
  from?: string; to?: string;
}

/** A page of the filtered set: newest first, before/after an id. */
export interface JournalPage {
  before?: number; after?: number; limit: number;
}

/**
 * A stored entry. `batch` names the block in `journal_batch` holding its detail (entries written since
 * journal migration 2); older rows have `batch` null and their own deflated `detail`.
 */
export type JournalRow = JournalSummary & { query: string; detail: Uint8Array; batch: number | null; why: string | null };

/** What a batch flush writes: each entry's summary and query, and one block for all their details. */
export interface JournalInsert {
  summary: JournalSummary;
  query: string;
  /** The consultation the request touched (its sid), for the consultation's timeline; null for most. */
  consultation: string | null;
  /** Why a refused call was refused, as JSON (journal migration 5); null for most. */
  why: string | null;
}

const SUMMARY_COLUMNS = 'id, time, app, family, endpoint, method, path, status, duration_ms, injected, agent';

/**
 * Multi-row INSERTs in a few fixed sizes: each size is one prepared statement the database keeps, so a
 * batch of any length uses few statements' worth of memory (largest first: 237 rows = 2×100 + 25 + 2×5 + 2).
 * Under load most rows of a chunk share app, family, endpoint, method and path: a second form binds those
 * once per statement (numbered parameters ?1–?6) instead of once per row, since binding a string is most
 * of what a row costs in sql.js (a copy into WebAssembly memory each).
 */
const INSERT_SIZES = JOURNAL_INSERT_SIZES;
const COLUMNS = 'INSERT INTO journal (id, time, app, family, endpoint, method, path, query, status, duration_ms, injected, consultation, why, agent, detail, batch) VALUES';
const INSERT_SQL = new Map(INSERT_SIZES.map((n) => [n, `${COLUMNS} ${Array(n).fill("(?,?,?,?,?,?,?,?,?,?,?,?,?,?,x'',?)").join(',')}`]));
const SHARED = 6; // app, family, endpoint, method, path, batch
const sharedRow = (r: number) => {
  const p = SHARED + 9 * r; // id, time, query, status, duration_ms, injected, consultation, why, agent
  return `(?${p + 1},?${p + 2},?1,?2,?3,?4,?5,?${p + 3},?${p + 4},?${p + 5},?${p + 6},?${p + 7},?${p + 8},?${p + 9},x'',?6)`;
};
const SHARED_SQL = new Map(INSERT_SIZES.map((n) => [n, `${COLUMNS} ${Array.from({ length: n }, (_, r) => sharedRow(r)).join(',')}`]));

/** Whether rows [at, at + rows) share the columns the shared form binds once. */
function alike(entries: readonly JournalInsert[], at: number, rows: number): boolean {
  const a = entries[at].summary;
  for (let i = at + 1; i < at + rows; i++) {
    const b = entries[i].summary;
    if (b.app !== a.app || b.family !== a.family || b.endpoint !== a.endpoint || b.method !== a.method || b.path !== a.path) return false;
  }
  return true;
}

function where(f: JournalFilter, page?: Omit<JournalPage, 'limit'>): { sql: string; params: Param[] } {
  const w = ['1 = 1'];
  const params: Param[] = [];
  if (f.family) (w.push('family = ?'), params.push(f.family));
  // LIKE ignores ASCII case, as the control router's paths do.
  if (f.source) w.push(f.source === 'control' ? "path LIKE '/\\_\\_sim/%' ESCAPE '\\'" : "path NOT LIKE '/\\_\\_sim/%' ESCAPE '\\'");
  if (f.statusClass && /^[1-5]xx$/.test(f.statusClass)) (w.push('status / 100 = ?'), params.push(Number(f.statusClass[0])));
  if (f.app) (w.push('app = ?'), params.push(f.app));
  if (f.endpoint) (w.push('endpoint = ?'), params.push(f.endpoint));
  if (f.method) (w.push('method = ?'), params.push(f.method.toUpperCase()));
  if (f.from) (w.push('time >= ?'), params.push(f.from));
  if (f.to) (w.push('time <= ?'), params.push(f.to));
  if (page?.before) (w.push('id < ?'), params.push(page.before));
  if (page?.after) (w.push('id > ?'), params.push(page.after));
  return { sql: w.join(' AND '), params };
}


/** What a row costs besides its block, for the estimate made before a batch is inserted (measured after). */
const ROW_BYTES = 128;
/**
 * Pages a batch fills besides its estimated bytes (index pages, a block's overflow chain ending part-way through a
 * page): without this slack the file once grew one page past a 16 MiB cap (a fresh clone's journal-byte-cap test),
 * and a file never shrinks on delete, only on VACUUM.
 */
const BATCH_SLACK_BYTES = 32 * 1024;

/** Bytes in pages that hold data: the file's size, less the free pages a later insert reuses. */
const usedBytes = (db: Database): { used: number; file: number } => {
  const r = db.get<{ pages: number; free: number; size: number }>(
    'SELECT p.page_count AS pages, f.freelist_count AS free, s.page_size AS size FROM pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s',
  )!;
  return { used: (r.pages - r.free) * r.size, file: r.pages * r.size };
};

/**
 * Deletes the oldest entries until `incoming` more bytes fit under `cap`, oldest first as the entry cap
 * does; never entries from `keepFromId` on (the batch just written). A block goes whole: its entries share it.
 */
function makeRoom(db: Database, cap: number, incoming: number, keepFromId = Number.MAX_SAFE_INTEGER): void {
  let over = usedBytes(db).used + incoming - cap;
  while (over > 0) {
    // Rows from before journal migration 2 hold their own detail and are older than every block.
    const oldest = db.all<{ last: number; size: number }>(
      `SELECT id AS last, length(detail) + ${ROW_BYTES} AS size FROM journal WHERE batch IS NULL AND id < ?1
       UNION ALL SELECT last_id AS last, length(detail) + ${ROW_BYTES} * (last_id - id + 1) AS size FROM journal_batch WHERE last_id < ?1
       ORDER BY last LIMIT 1000`,
      [keepFromId],
    );
    if (!oldest.length) return;
    let freed = 0;
    let last = 0;
    for (const o of oldest) {
      if (freed >= over) break;
      (freed += o.size), (last = o.last);
    }
    db.runUnlogged('DELETE FROM journal WHERE id <= ?', [last]);
    db.runUnlogged('DELETE FROM journal_batch WHERE last_id <= ?', [last]);
    // Measured again: pages hold rows of several entries, so what a delete frees is only estimated.
    over = usedBytes(db).used + incoming - cap;
  }
}

/** The cap a caller asked for, checked (undefined: the default); a RangeError names the allowed range. */
export function journalCapBytesOf(bytes: number | undefined): number {
  if (bytes === undefined) return DEFAULT_JOURNAL_CAP_BYTES;
  if (!Number.isInteger(bytes) || bytes < MIN_JOURNAL_CAP_BYTES || bytes > MAX_JOURNAL_CAP_BYTES)
    throw new RangeError(`The journal's byte cap must be a whole number of bytes from 16 MiB to 4 GiB, not ${bytes}.`);
  return bytes;
}

/** VACUUM when free pages are a large share of the file (outside any transaction: at start, after a clear). */
function compact(db: Database, cap: number): void {
  const { used, file } = usedBytes(db);
  if (file - used < Math.min(cap / 4, 8 * 1024 * 1024)) return;
  try {
    db.runUnlogged('VACUUM');
  } catch (err) {
    // The file keeps its size; nothing is lost, and the next start tries again.
    console.warn(`The request journal could not be compacted: ${(err as Error).message}`);
  }
}

/** The stored journal, kept under `capBytes` (default 64 MiB): every batch makes room first. */
export const journalRepo = (db: Database, capBytes = DEFAULT_JOURNAL_CAP_BYTES) => ({
  /**
   * Trims a journal already past the cap (an older version, a lower cap) and gives its free pages back —
   * deleted rows leave the file its size, and sql.js holds the whole file in memory. At open.
   */
  fitUnderCap(): void {
    makeRoom(db, capBytes, 0);
    compact(db, capBytes);
  },
  maxId: () => Number(db.get<{ id: number | null }>('SELECT max(id) AS id FROM journal')?.id ?? 0),
  /**
   * Inserts consecutive entries and the block of their details: few statements of many rows, since in
   * sql.js a statement's fixed cost is most of a small insert's (measured: 30 µs a row one by one, 4.5 in 100s).
   */
  insertBatch(entries: readonly JournalInsert[], block: Uint8Array): void {
    const first = entries[0].summary.id;
    // Room is made before the insert, so the file never grows past the cap (freed pages are reused)...
    makeRoom(db, capBytes, BATCH_SLACK_BYTES + block.length + entries.reduce((n, e) => n + ROW_BYTES + e.query.length + e.summary.path.length, 0));
    db.runUnlogged('INSERT INTO journal_batch (id, last_id, detail) VALUES (?,?,?)', [first, entries[entries.length - 1].summary.id, block]);
    for (let at = 0; at < entries.length; ) {
      const rows = INSERT_SIZES.find((n) => n <= entries.length - at)!;
      const params: Param[] = [];
      if (rows > 1 && alike(entries, at, rows)) {
        const s = entries[at].summary;
        params.push(s.app, s.family, s.endpoint, s.method, s.path, first);
        for (let i = at; i < at + rows; i++) {
          const e = entries[i].summary;
          params.push(e.id, e.time, entries[i].query, e.status, e.duration_ms, e.injected ?? null, entries[i].consultation, entries[i].why, e.agent ?? null);
        }
        db.runUnlogged(SHARED_SQL.get(rows)!, params);
      } else {
        for (let i = at; i < at + rows; i++) {
          const e = entries[i].summary;
          params.push(e.id, e.time, e.app, e.family, e.endpoint, e.method, e.path, entries[i].query, e.status, e.duration_ms, e.injected ?? null, entries[i].consultation, entries[i].why, e.agent ?? null, first);
        }
        db.runUnlogged(INSERT_SQL.get(rows)!, params);
      }
      at += rows;
    }
    // ...and checked after it, where the estimate fell short.
    makeRoom(db, capBytes, 0, first);
  },
  /** Drops entries older than `keepFromId`, and the blocks that held only such entries. */
  trim(keepFromId: number): void {
    db.runUnlogged('DELETE FROM journal WHERE id < ?', [keepFromId]);
    db.runUnlogged('DELETE FROM journal_batch WHERE id < ? AND last_id < ?', [keepFromId, keepFromId]);
  },
  clear(): void {
    db.runUnlogged('DELETE FROM journal');
    db.runUnlogged('DELETE FROM journal_batch');
    db.runUnlogged("DELETE FROM meta WHERE key = 'consultation_from'");
    // An emptied journal would otherwise keep its file's size, on disk and in memory.
    compact(db, capBytes);
  },
  /** The deflated block of a batch (see journal/batch.ts). */
  block: (id: number) => db.get<{ detail: Uint8Array }>('SELECT detail FROM journal_batch WHERE id = ?', [id])?.detail,
  get: (id: number) => db.get<JournalRow>(`SELECT ${SUMMARY_COLUMNS}, query, detail, batch, why FROM journal WHERE id = ?`, [id]),
  /** Entries matching the column filters (not `q`) within the id bounds, regardless of the page size. */
  count(f: JournalFilter = {}, bounds?: Omit<JournalPage, 'limit'>): number {
    const w = where(f, bounds);
    return Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM journal WHERE ${w.sql}`, w.params)!.n);
  },
  /** A page of summaries matching the column filters (not `q`), newest first. */
  list(f: JournalFilter, page: JournalPage): JournalSummary[] {
    const w = where(f, page);
    return db.all<JournalSummary>(`SELECT ${SUMMARY_COLUMNS} FROM journal WHERE ${w.sql} ORDER BY id DESC LIMIT ?`, [...w.params, page.limit]);
  },
  /** Every row matching the column filters within the id bounds, newest first, with its deflated detail: the input of a body search. */
  rows(f: JournalFilter, bounds?: Omit<JournalPage, 'limit'>): JournalRow[] {
    const w = where(f, bounds);
    return db.all<JournalRow>(`SELECT ${SUMMARY_COLUMNS}, query, detail, batch, why FROM journal WHERE ${w.sql} ORDER BY id DESC`, w.params);
  },
  /**
   * The rows that touched consultation `sid` (by the index of journal migration 4) from `from` (the journal's time)
   * and from id `firstId` on, the newest `perEndpoint` of each endpoint, oldest first, with their detail.
   */
  ofConsultation: (sid: string, from: string, firstId: number, perEndpoint: number) =>
    db.all<JournalRow>(
      `SELECT ${SUMMARY_COLUMNS}, query, detail, batch, why FROM (
         SELECT *, row_number() OVER (PARTITION BY endpoint ORDER BY id DESC) AS nth FROM journal WHERE consultation = ? AND time >= ? AND id >= ?)
       WHERE nth <= ? ORDER BY id`,
      [sid, from, firstId, perEndpoint],
    ),
  /**
   * The first id recorded with its consultation (journal migration 4): rows below it are from before, and say
   * which consultation they touched only in their bodies. Undefined when there are none (a journal begun since).
   */
  consultationFrom(): number | undefined {
    const v = db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'consultation_from'")?.value;
    if (v === undefined) return undefined;
    // Once the entry cap has trimmed every row from before, there is nothing left to search.
    if (Number(v) <= Number(db.get<{ id: number | null }>('SELECT min(id) AS id FROM journal')?.id ?? Infinity)) {
      db.runUnlogged("DELETE FROM meta WHERE key = 'consultation_from'");
      return undefined;
    }
    return Number(v);
  },
  /** Full rows of a page, newest first (the HAR export without a search). */
  page(f: JournalFilter, page: JournalPage): JournalRow[] {
    const w = where(f, page);
    return db.all<JournalRow>(`SELECT ${SUMMARY_COLUMNS}, query, detail, batch, why FROM journal WHERE ${w.sql} ORDER BY id DESC LIMIT ?`, [...w.params, page.limit]);
  },
});
