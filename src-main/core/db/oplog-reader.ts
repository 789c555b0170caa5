// Reads an op log at start and tells its parts apart:
// - complete records (each line ends with a newline and parses) — replayed (a `reset` record first
//   starts over from the empty database, see oplog.ts);
// - a torn tail (bytes after the last newline): an append cut off by a crash or a full disk. It
//   never returned, so nobody was told the write happened; it is cut off;
// - damage: a complete line that does not parse. What follows it cannot be trusted to be in order,
//   so replay stops there and the caller keeps the log aside and says how much was not applied.
import { existsSync, readFileSync } from 'node:fs';
import type { LogRecord, Param } from './oplog';

export interface LogContents {
  records: LogRecord[];
  /** Byte length of the complete lines (the torn tail starts here). */
  completeBytes: number;
  /** Length of a torn tail; 0 when the log ends with a newline. */
  tornBytes: number;
  /** 1-based line number of the first complete line that is not a valid record. */
  damagedLine?: number;
  /** Complete lines from the damaged one on: entries that will not be applied. */
  notApplied: number;
}

const decodeParam = (p: unknown): Param =>
  p && typeof p === 'object' && 'b64' in p ? new Uint8Array(Buffer.from(String((p as { b64: string }).b64), 'base64')) : (p as Param);

const isParam = (p: unknown) =>
  p === null || typeof p === 'string' || typeof p === 'number' || (typeof p === 'object' && typeof (p as { b64?: unknown }).b64 === 'string');

function parseRecord(line: string, previousSeq: number): LogRecord | undefined {
  let r: unknown;
  try {
    r = JSON.parse(line);
  } catch {
    return undefined;
  }
  const { seq, stmts, reset } = (r ?? {}) as { seq?: unknown; stmts?: unknown; reset?: unknown };
  if (!Number.isSafeInteger(seq) || (seq as number) <= previousSeq || !Array.isArray(stmts) || (reset !== undefined && reset !== true)) return undefined;
  const ok = stmts.every((s) => Array.isArray(s) && s.length === 2 && typeof s[0] === 'string' && Array.isArray(s[1]) && s[1].every(isParam));
  if (!ok) return undefined;
  const rec: LogRecord = { seq: seq as number, stmts: (stmts as [string, unknown[]][]).map(([sql, ps]) => [sql, ps.map(decodeParam)]) };
  if (reset) rec.reset = true;
  return rec;
}

export function readLog(file: string): LogContents {
  const empty: LogContents = { records: [], completeBytes: 0, tornBytes: 0, notApplied: 0 };
  if (!existsSync(file)) return empty;
  const bytes = readFileSync(file);
  const lastNewline = bytes.lastIndexOf(0x0a);
  const completeBytes = lastNewline + 1;
  const out: LogContents = { ...empty, completeBytes, tornBytes: bytes.length - completeBytes };
  const lines = bytes.subarray(0, completeBytes).toString('utf8').split('\n');
  lines.pop(); // the empty string after the last newline
  let previousSeq = 0;
  for (let i = 0; i < lines.length; i++) {
    const rec = parseRecord(lines[i], previousSeq);
    if (!rec) {
      out.damagedLine = i + 1;
      out.notApplied = lines.length - i;
      break;
    }
    out.records.push(rec);
    previousSeq = rec.seq;
  }
  return out;
}
