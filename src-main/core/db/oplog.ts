// The operation log: the durability half of the database.
//
// sql.js keeps the whole database in memory; exporting it costs ~70 ms at 100k users,
// far too slow for every write. So each committed transaction is appended here as one
// JSON line (its statements with bound parameters) with a single write(2) before the
// response is sent: the kernel has it, so a kill -9 right after the response loses
// nothing. A checkpoint later writes the whole file atomically and empties the log.
// Every line carries a sequence number; the checkpointed database records the last
// one it contains, so a crash between checkpoint and truncation never replays twice.
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';

export type Param = string | number | null | Uint8Array;
export type Statement = [sql: string, params: Param[]];
export interface LogRecord { seq: number; stmts: Statement[] }

const encodeParam = (p: Param) => (p instanceof Uint8Array ? { b64: Buffer.from(p).toString('base64') } : p);
const decodeParam = (p: unknown): Param =>
  p && typeof p === 'object' && 'b64' in p ? new Uint8Array(Buffer.from(String((p as { b64: string }).b64), 'base64')) : (p as Param);

export class OpLog {
  private fd: number;
  bytes = 0;
  constructor(readonly file: string) {
    this.fd = openSync(file, 'a+');
  }

  /** Records of the log in order; a torn last line (crash mid-write) is ignored. */
  static read(file: string): LogRecord[] {
    if (!existsSync(file)) return [];
    const out: LogRecord[] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const r = JSON.parse(line) as { seq: number; stmts: [string, unknown[]][] };
        out.push({ seq: r.seq, stmts: r.stmts.map(([sql, ps]) => [sql, ps.map(decodeParam)]) });
      } catch {
        break; // a torn tail: everything before it was acknowledged, nothing after it was
      }
    }
    return out;
  }

  append(record: LogRecord): void {
    const line = JSON.stringify({ seq: record.seq, stmts: record.stmts.map(([s, ps]) => [s, ps.map(encodeParam)]) }) + '\n';
    const buf = Buffer.from(line);
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off);
    this.bytes += buf.length;
  }

  truncate(): void {
    ftruncateSync(this.fd, 0);
    fsyncSync(this.fd);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}
