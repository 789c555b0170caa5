// How a Database is opened (database.ts).
import type { NoticeBoard } from './notices';
import type { DurableFs } from './oplog';

export interface DatabaseOptions {
  /** The database file; undefined keeps everything in memory. */
  file?: string;
  /** Schema migrations (default: the simulator's). */
  migrations?: string[];
  /** How often a dirty database is written out whole. */
  checkpointIntervalMs?: number;
  /** Checkpoint early once the log grows past this many bytes. */
  maxLogBytes?: number;
  /** Where notices go (shared by the simulator's databases); default: one of its own. */
  notices?: NoticeBoard;
  /** File writes of the log and checkpoints; tests inject failures (ENOSPC) here. */
  fs?: DurableFs;
  /**
   * SQLite's page cache in KiB (default 2000, SQLite's own). It lives in sql.js's WebAssembly memory,
   * which never shrinks after a peak; the whole file is in memory anyway, so a small cache costs
   * little time (see connection.ts).
   */
  cacheSizeKiB?: number;
  /** `file`'s current bytes, read ahead (early-read.ts takeEarly); undefined: read the file here. */
  preread?: Promise<Uint8Array | undefined>;
}

// The request journal's byte cap (repositories/journal.ts journalRepo). Here, apart from the repository,
// because the CLI's flag parser checks the range before anything of the database is loaded.
/** Stored bytes the journal keeps by default (behaviour §13): its file, and sql.js's copy of it in memory. */
export const DEFAULT_JOURNAL_CAP_BYTES = 64 * 1024 * 1024;
/**
 * The smallest cap: one batch's block must fit beside at least some older entries (a block holds what the
 * pending buffer let through, at most 8 MiB of UTF-16 estimate, journal/pending.ts).
 */
export const MIN_JOURNAL_CAP_BYTES = 16 * 1024 * 1024;
/** The largest: sql.js holds the whole journal in memory. */
export const MAX_JOURNAL_CAP_BYTES = 4 * 1024 * 1024 * 1024;
