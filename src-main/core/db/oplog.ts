// The operation log: the durability half of the database.
//
// sql.js keeps the whole database in memory; exporting it costs ~70 ms at 100k users,
// far too slow for every write. So each transaction is appended here as one JSON line
// (its statements with bound parameters) with write(2) before it commits and before the
// response is sent: the kernel has it, so a kill -9 right after the response loses
// nothing. A checkpoint later writes the whole file atomically and empties the log.
// Every line carries a sequence number; the checkpointed database records the last
// one it contains, so a crash between checkpoint and truncation never replays twice.
//
// The log only ever holds complete lines followed by at most one torn piece (a crash
// mid-append). A failed append is cut off again at once, so no record is ever written
// after a torn piece: replay would stop there and lose every acknowledged write behind it.
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, writeFileSync, writeSync } from 'node:fs';

export type Param = string | number | null | Uint8Array;
export type Statement = [sql: string, params: Param[]];
/**
 * One committed transaction. A `reset` record first replaces the whole database with the empty,
 * migrated one, then applies its statements (the seeding): a reset is one line, so a crash leaves
 * either the state before it or the state after it.
 */
export interface LogRecord { seq: number; stmts: Statement[]; reset?: true }

/** The few file operations the log and checkpoints use; tests swap them to inject write errors. */
export interface DurableFs {
  writeSync(fd: number, buffer: Buffer, offset: number): number;
  ftruncateSync(fd: number, length: number): void;
  writeFileSync(file: string, data: Uint8Array): void;
  fsyncSync(fd: number): void;
}

export const nodeFs: DurableFs = {
  writeSync: (fd, buffer, offset) => writeSync(fd, buffer, offset),
  ftruncateSync: (fd, length) => ftruncateSync(fd, length),
  // Private to the user: the database holds every app's secrets (db/private-files.ts).
  writeFileSync: (file, data) => writeFileSync(file, data, { mode: 0o600 }),
  fsyncSync: (fd) => fsyncSync(fd),
};

const encodeParam = (p: Param) => (p instanceof Uint8Array ? { b64: Buffer.from(p).toString('base64') } : p);

// The same few statements are logged again and again; their JSON text is kept (bounded: statements
// whose SQL text varies, e.g. with the number of `?` parameters, would otherwise grow it without end).
const SQL_JSON_CAP = 2000;
const sqlJson = new Map<string, string>();
function jsonOfSql(sql: string): string {
  let json = sqlJson.get(sql);
  if (json === undefined) {
    json = JSON.stringify(sql);
    if (sqlJson.size >= SQL_JSON_CAP) sqlJson.clear();
    sqlJson.set(sql, json);
  }
  return json;
}
const jsonOfParams = (ps: Param[]) => JSON.stringify(ps.some((p) => p instanceof Uint8Array) ? ps.map(encodeParam) : ps);

/** One line of JSON: `{"seq":…,"stmts":[[sql,[params…]],…]}` (see oplog-reader.ts), built without re-encoding known SQL. */
export function encodeRecord(record: LogRecord): Buffer {
  let line = `{"seq":${record.seq},${record.reset ? '"reset":true,' : ''}"stmts":[`;
  for (let i = 0; i < record.stmts.length; i++) {
    const [sql, ps] = record.stmts[i];
    line += `${i ? ',' : ''}[${jsonOfSql(sql)},${jsonOfParams(ps)}]`;
  }
  return Buffer.from(`${line}]}\n`);
}

export class OpLog {
  private fd: number;
  /** Length of the complete lines in the file; a failed append is cut back to it. */
  bytes: number;
  /** Set when a failed append could not be cut back: no record may follow until it is. */
  private torn?: Error;

  constructor(readonly file: string, private readonly fs: DurableFs = nodeFs) {
    this.fd = openSync(file, 'a+', 0o600);
    this.bytes = fstatSync(this.fd).size;
  }

  /** Appends one record; on failure the file is as before and the real error is thrown. */
  append(record: LogRecord): void {
    if (this.torn) this.cutBack();
    const buf = encodeRecord(record);
    try {
      let off = 0;
      while (off < buf.length) off += this.fs.writeSync(this.fd, buf, off);
    } catch (err) {
      try {
        this.cutBack();
      } catch {
        /* reported by the next append, which refuses until the piece is gone */
      }
      throw err;
    }
    this.bytes += buf.length;
  }

  /** Takes back the last append (its transaction did not commit after all). */
  undoLast(previousBytes: number): void {
    this.bytes = previousBytes;
    this.cutBack();
  }

  private cutBack(): void {
    try {
      this.fs.ftruncateSync(this.fd, this.bytes);
      this.torn = undefined;
    } catch (err) {
      this.torn = err as Error;
      throw err;
    }
  }

  truncate(): void {
    this.fs.ftruncateSync(this.fd, 0);
    this.fs.fsyncSync(this.fd);
    this.bytes = 0;
    this.torn = undefined;
  }

  close(): void {
    closeSync(this.fd);
  }
}
