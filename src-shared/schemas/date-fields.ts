// Date fields: Laravel's `date` (what strtotime reads, here the forms a partner sends) and `date_format:Y-m-d`,
// each one rule with one message, read into the simulator's UTC timestamp form so every later response can
// format what validation accepted.
import { z } from 'zod';
import { label, requiredOr, typed, type Opts } from './field-kit';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Laravel `date_format:Y-m-d` (B5 and B6, whose dates behaviour §10 fixes as `YYYY-MM-DD`): one rule, so one
 * message for a value it refuses, whether the shape is wrong or the day does not exist (`2026-02-30`), as
 * PHP's createFromFormat round trip refuses both. Never also "is not a valid date.": one bad value, one sentence.
 * One check, never an aborting one: a bad date_from still lets its pair's `required_with` speak.
 */
export const date = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} does not match the format Y-m-d.`) })
      .refine((s) => DATE_PATTERN.test(s) && toUtcTimestamp(s) !== undefined, { error: `The ${label(name)} does not match the format Y-m-d.` })
      .meta({ pattern: DATE_PATTERN.source }), // for openapi.json
  );

// Laravel's `date` rule (strtotime, then checkdate) accepts many forms; these are the ones a partner
// sends: `2026-01-31`, `2026-01-31 08:00[:00]`, ISO 8601 with `T`, fractions and `Z` or an offset.
const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** A date or date-time → `YYYY-MM-DD HH:MM:SS` in UTC (the app's timezone), or undefined if it is no date. */
export function toUtcTimestamp(s: string): string | undefined {
  const m = DATE_TIME_PATTERN.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', zone] = m;
  const local = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec);
  const check = new Date(local);
  if (check.getUTCFullYear() !== +y || check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d) return undefined; // 2026-02-30
  if (+h > 23 || +mi > 59 || +sec > 59) return undefined;
  let offsetMin = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const [, sign, oh, om = '00'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    if (+oh > 14 || +om > 59) return undefined;
    offsetMin = (sign === '-' ? -1 : 1) * (+oh * 60 + +om);
  }
  const utc = new Date(local - offsetMin * 60_000);
  if (utc.getUTCFullYear() < 1000 || utc.getUTCFullYear() > 9999) return undefined;
  return utc.toISOString().slice(0, 19).replace('T', ' ');
}

/** Laravel `date`: stored as the simulator's timestamp format, so every later response can format it. */
export const dateTime = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} is not a valid date.`) })
      .refine((s) => toUtcTimestamp(s) !== undefined, { error: `The ${label(name)} is not a valid date.` })
      .transform((s) => toUtcTimestamp(s)!),
  );

/**
 * Laravel `date` for a filter (A6's `date_from`, typed `date` by the spec): any form `dateTime` reads, a
 * date-time too (`2026-11-01 10:00:00`, `2026-11-01T10:00:00Z`), answered as the UTC day it falls on, since
 * the report compares registration days (whereDate). A refused value gets the rule's one message.
 */
export const dateDay = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} is not a valid date.`) })
      .refine((s) => toUtcTimestamp(s) !== undefined, { error: `The ${label(name)} is not a valid date.` })
      .transform((s) => toUtcTimestamp(s)!.slice(0, 10)),
  );

