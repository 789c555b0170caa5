// Journal times: UTC `YYYY-MM-DD HH:MM:SS.mmm`, the spec's timestamp style plus milliseconds. The text
// sorts like the instant it names, so a time range is a plain comparison on the column.

export const journalTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);

/** `from`/`to` as sent: epoch milliseconds or an ISO 8601 time; undefined when it is neither. */
export function parseTimeBound(value: string): string | undefined {
  const ms = /^\d+$/.test(value) ? Number(value) : /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || ms < 0 || ms > 253_402_300_799_999) return undefined; // within years 0000–9999
  return journalTime(ms);
}
