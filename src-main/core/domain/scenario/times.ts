// A scenario's times: absolute, or relative to the moment of loading (`now`, `-15m`, `+2d`). Each is written in
// the form its column keeps — `2026-11-28 09:00:00` as the partner API stores times, ISO 8601 with milliseconds
// for a thread's messages and the timeline — and a saved scenario writes them back exactly as stored, so a load
// of a saved file stores the same strings again (byte-stable round trips).
import { durationMs } from '../../../../src-shared/schemas/duration';
import { formatTimestamp, parseTimestamp } from '../../clock';

export type TimeForm = 'laravel' | 'iso';

const LARAVEL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Milliseconds of a time a scenario wrote, `now` being `nowMs`. */
export function timeMs(value: string, nowMs: number): number {
  if (value === 'now') return nowMs;
  if (value[0] === '+' || value[0] === '-') return nowMs + (value[0] === '-' ? -1 : 1) * (durationMs(value.slice(1)) ?? 0);
  if (LARAVEL.test(value)) return parseTimestamp(value);
  // A date alone, or a time without a zone, is read as UTC (as the partner API's stored times are).
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`);
  const iso = value.replace(' ', 'T');
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
}

/** The time as its column keeps it; a time already in that form is kept as written. */
export function timeIn(form: TimeForm, value: string, nowMs: number): string {
  if (form === 'laravel' && LARAVEL.test(value)) return value;
  if (form === 'iso' && ISO_MS.test(value)) return value;
  const ms = timeMs(value, nowMs);
  return form === 'laravel' ? formatTimestamp(ms) : new Date(ms).toISOString();
}

/** A reader of times for one load: `t(value)` in the laravel form, `t(value, 'iso')` in ISO; null stays null. */
export function timeReader(nowMs: number) {
  function t(value: string, form?: TimeForm): string;
  function t(value: string | null | undefined, form?: TimeForm): string | null;
  function t(value: string | null | undefined, form: TimeForm = 'laravel'): string | null {
    return value === null || value === undefined ? null : timeIn(form, value, nowMs);
  }
  return t;
}
