// Every timestamp the control API sends is ISO 8601 with its zone (behaviour §12). Rows keep the partner spec's
// `YYYY-MM-DD HH:MM:SS` (UTC) in the database and in partner answers, where the spec asks for it; the control
// API's answers carry the same instants as `YYYY-MM-DDTHH:MM:SSZ`, which Date.parse reads as what they are (the
// spec form is read as local time). One rule at the control API's edge (answer.ts and the event stream), so no view can forget it.

/** The stored form, with the journal's milliseconds or without. */
const STORED = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?$/;
/** Fields that hold a time: created_at, feedback_date, your_registration_date, date_time, the journal's time… */
const TIME_KEY = /(?:_at|_date|_time|^time)$/;

/** JSON.stringify's replacer: a time field in the stored form becomes ISO 8601 in UTC, anything else stays. */
export function isoTimeReplacer(key: string, value: unknown): unknown {
  return typeof value === 'string' && value.length <= 26 && TIME_KEY.test(key) && STORED.test(value) ? `${value.slice(0, 10)}T${value.slice(11)}Z` : value;
}
