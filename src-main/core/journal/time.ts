// Journal times: UTC `YYYY-MM-DD HH:MM:SS.mmm`, the spec's timestamp style plus milliseconds. The text
// sorts like the instant it names, so a time range is a plain comparison on the column.

// Never throws, whatever the clock says: this runs after the answer is sent, where a throw would end the process.
const format = (ms: number) => (Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString().replace('T', ' ').slice(0, 23) : String(ms));

// Every partner request is stamped, and requests come hundreds to a millisecond's second: the date and
// time up to the second are formatted once per second, the milliseconds appended (toISOString was 2% of A5).
let cachedSecond = NaN;
let cachedPrefix = '';
let cachedMs = NaN;
let cachedText = '';

export function journalTime(ms: number): string {
  if (ms === cachedMs) return cachedText;
  const second = Math.floor(ms / 1000);
  const rest = ms - second * 1000;
  // Whole milliseconds within years 0000–9999 only; anything else (a fraction, far dates) is formatted in full.
  if (!Number.isInteger(ms) || ms < 0 || ms > 253_402_300_799_999) return format(ms);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = format(second * 1000).slice(0, 20);
  }
  cachedMs = ms;
  cachedText = cachedPrefix + (rest < 10 ? '00' : rest < 100 ? '0' : '') + rest;
  return cachedText;
}

/** `from`/`to` as sent: epoch milliseconds or an ISO 8601 time; undefined when it is neither. */
export function parseTimeBound(value: string): string | undefined {
  const ms = /^\d+$/.test(value) ? Number(value) : /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || ms < 0 || ms > 253_402_300_799_999) return undefined; // within years 0000–9999
  return journalTime(ms);
}

/**
 * A stored journal time as the control API shows it: ISO 8601 in UTC with its zone (`2026-11-28T04:45:15.406Z`),
 * which `Date.parse` reads as the instant it is (behaviour §12). The stored form stays the sortable column above.
 */
export function isoJournalTime(stored: string): string {
  return stored.length === 23 && stored.charCodeAt(10) === 0x20 ? `${stored.slice(0, 10)}T${stored.slice(11)}Z` : stored;
}

/** A journal row or entry with its time in the control API's form. */
export const withIsoTime = <T extends { time: string }>(row: T): T => ({ ...row, time: isoJournalTime(row.time) });
