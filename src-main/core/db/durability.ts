// The durable half of a Database: each committed transaction's record in the op log (oplog.ts), and
// checkpoints that write the whole database atomically and empty the log.
//
// The promises kept here: a record is appended before its transaction commits, and taken back if the
// commit does not happen (unit-of-work.ts rolls back); a checkpoint is a temp file, fsync, rename, so a
// crash leaves the old file or the new one; a checkpoint from a timer never throws (an exception from a
// timer would end the process) but reports the error and retries later.
import { atomicWrite } from './atomic-write';
import type { LiveConnection } from './connection';
import type { NoticeBoard } from './notices';
import { nodeFs, OpLog, type DurableFs, type LogRecord } from './oplog';
import { SaveFailures } from './save-failures';
import { logFileOf } from './startup';

export interface DurabilityOptions {
  file?: string;
  fs?: DurableFs;
  checkpointIntervalMs?: number;
  maxLogBytes?: number;
}

export class Durability {
  /** The sequence number of the last committed logged transaction; a checkpoint stores it with the data. */
  seq = 0;
  readonly fs: DurableFs;
  private dirty = false;
  private log?: OpLog;
  private timer?: NodeJS.Timeout;
  private readonly saveFailures: SaveFailures;

  constructor(
    private readonly live: LiveConnection,
    private readonly opts: DurabilityOptions,
    notices: NoticeBoard,
    /** A checkpoint never writes the data of a transaction that is still open. */
    private readonly inTransaction: () => boolean,
  ) {
    this.fs = opts.fs ?? nodeFs;
    this.saveFailures = new SaveFailures(opts.file, notices);
  }

  /** Starts the op log of a file-backed database, and the timer that checkpoints a changed one. */
  start(): void {
    if (!this.opts.file) return;
    this.log = new OpLog(logFileOf(this.opts.file), this.fs);
    this.timer = setInterval(() => this.dirty && this.checkpointInBackground(), this.opts.checkpointIntervalMs ?? 10_000);
    this.timer.unref();
  }

  /**
   * Appends the record of a transaction about to commit. Returns the log's length before it, which
   * `undo` takes it back to if the commit does not happen; -1 when there is no log (in memory).
   */
  append(record: Omit<LogRecord, 'seq'>): number {
    if (!this.log) return -1;
    const before = this.log.bytes;
    this.log.append({ seq: this.seq + 1, ...record });
    return before;
  }

  /** Takes back an append whose transaction rolled back after all. */
  undo(bytesBefore: number): void {
    if (bytesBefore < 0) return;
    try {
      this.log!.undoLast(bytesBefore);
    } catch {
      /* the log refuses further appends until the entry is cut off (OpLog.cutBack) */
    }
  }

  /** Bookkeeping of a logged commit. */
  committed(): void {
    this.seq++;
    this.dirty = true;
    // A long log is checkpointed soon, off this request; a failing disk is retried on its own schedule, not at every write.
    if (this.log && this.log.bytes > (this.opts.maxLogBytes ?? 16 * 1024 * 1024)) setImmediate(() => this.checkpointInBackground());
  }

  /** A record replayed at start: the data now holds it, and the file does not yet. */
  replayed(seq: number): void {
    this.seq = seq;
    this.dirty = true;
  }

  /** An unlogged write (the request journal): the next checkpoint writes it out. */
  markDirty(): void {
    this.dirty = true;
  }

  /** Writes the whole database atomically (temp file, fsync, rename) and empties the log; throws on failure. */
  checkpoint(force = false, unchangedImage?: Uint8Array): void {
    if (!this.opts.file || (!this.dirty && !force) || this.inTransaction()) return;
    const db = this.live.conn.db;
    // A new database still equal to the image it was opened from is written as that image (no export;
    // its missing oplog_seq reads as 0).
    if (!unchangedImage) db.run("INSERT INTO meta(key, value) VALUES ('oplog_seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [String(this.seq)]);
    atomicWrite(this.opts.file, unchangedImage ?? db.export(), this.fs);
    this.dirty = false;
    this.log?.truncate();
  }

  /**
   * A checkpoint from a timer: errors are reported (notice, with the real cause) and retried with a
   * growing delay, never thrown. Acknowledged writes stay safe in the log meanwhile.
   */
  checkpointInBackground(evenIfBackingOff = false): void {
    if (!evenIfBackingOff && !this.saveFailures.due()) return;
    try {
      this.checkpoint();
      this.saveFailures.succeeded();
    } catch (err) {
      this.saveFailures.failed(err);
    }
  }

  /** The file was just written whole with everything the data holds (a restore): the log has nothing left to add. */
  saved(): void {
    this.dirty = false;
    try {
      this.log?.truncate();
    } catch {
      /* its entries are all at or below the new file's seq: replay skips them */
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    // On a failing disk the log still holds every acknowledged write; closing must not throw over it.
    this.checkpointInBackground(true);
    this.log?.close();
  }
}
