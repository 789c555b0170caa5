// Field builders that make zod speak Laravel: every failed rule yields the exact
// sentence the real service would send (`The email field is required.`), and the
// same schema feeds the OpenAPI document. A builder takes the wire name of the field
// and derives the human label the way Laravel does (snake/camel case → words).
import { z } from 'zod';

export type FieldBuilder = (name: string) => z.ZodType;

export function label(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

const requiredOr = (name: string, other: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `The ${label(name)} field is required.` : other;

/** The name character set of the spec; B10's first_name drops the underscore. */
const NAME_PUNCTUATION = `'"!@#$%^&*()_+{}[]:;<>,.?/|`;
const escapeClass = (s: string) => s.replace(/[\\\]\[^-]/g, (c) => `\\${c}`);
const nameClass = (withUnderscore: boolean) =>
  `A-Za-z0-9\\s\u2019ığüşöçİĞÜŞÖÇ${escapeClass(withUnderscore ? NAME_PUNCTUATION : NAME_PUNCTUATION.replace('_', ''))}`;
export const NAME_PATTERN = new RegExp(`^[${nameClass(true)}]+$`);
export const NAME_PATTERN_NO_UNDERSCORE = new RegExp(`^[${nameClass(false)}]+$`);

export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z0-9-]{2,}$/;

/**
 * What Laravel's `email` rule (egulias RFCValidation) refuses that the pattern lets through: a dot at
 * either end of the local part or two in a row (LocalPart: DotAtStart, DotAtEnd, ConsecutiveDot), and in
 * the domain an underscore, an empty label or a hyphen at a label's start or end (DomainPart). A partner
 * must never have an address accepted here that the real service refuses.
 */
export function rfcDotsAndLabels(address: string): boolean {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return !domain.includes('_') && domain.split('.').every((l) => l !== '' && !l.startsWith('-') && !l.endsWith('-'));
}

/** An age the domain can read (domain/pets.ts normalizeAge spells it `<n> years[ <m> months]`). */
export const AGE_PATTERN = /^(\d{1,3}) years?(?: ([1-9]|1[01]) months?)?$/;
/** What a request may send (behaviour §6): `<n> years` or `<n> years <m> months` (m 1–11), exactly; `1 year` is 422. */
export const AGE_FORMAT = /^\d{1,3} years(?: (?:[1-9]|1[01]) months)?$/;
export const WEIGHT_PATTERN = /^(\d{1,4}(?:\.\d{1,2})?)(?: ?lbs)?$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type Opts = { required?: boolean };
const opt = <T extends z.ZodType>(schema: T, o: Opts | undefined) => (o?.required ? schema : schema.optional());

/** A builder whose zod type says whether the field is required, so handlers get exact input types. */
type Built<T, O> = (name: string) => [O] extends [{ required: true }] ? z.ZodType<T> : z.ZodOptional<z.ZodType<T>>;
const typed = <T, O extends Opts>(o: O | undefined, b: (name: string) => z.ZodType) =>
  ((name: string) => opt(b(name), o)) as unknown as Built<T, O>;

/**
 * Laravel's `required` trims before it judges (validateRequired: PHP's trim set). Input is trimmed already
 * (TrimStrings), except the keys TrimStrings leaves alone: a password of spaces is missing, not a password.
 */
const PHP_BLANK = /^[ \t\n\r\0\x0B]*$/;

export const text = <const O extends Opts & { max?: number }>(o?: O) =>
  typed<string, O>(o, (name) => {
    const s = z
      .string({ error: requiredOr(name, `The ${label(name)} must be a string.`) })
      .max(o?.max ?? 255, { error: `The ${label(name)} must not be greater than ${o?.max ?? 255} characters.` });
    return o?.required ? s.refine((v) => !PHP_BLANK.test(v), { error: `The ${label(name)} field is required.`, abort: true }) : s;
  });

export const email = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} must be a string.`) })
      .max(255, { error: `The ${label(name)} must not be greater than 255 characters.` })
      .regex(EMAIL_PATTERN, { error: `The ${label(name)} must be a valid email address.` })
      .refine(rfcDotsAndLabels, { error: `The ${label(name)} must be a valid email address.` }),
  );

export const oneOf = <const T extends readonly [string, ...string[]], const O extends Opts>(values: T, o?: O) =>
  typed<T[number], O>(o, (name) => z.enum(values, { error: requiredOr(name, `The selected ${label(name)} is invalid.`) }));

export const personName = <const O extends Opts & { underscore?: boolean }>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} must be a string.`) })
      .max(255, { error: `The ${label(name)} must not be greater than 255 characters.` })
      .regex(o?.underscore === false ? NAME_PATTERN_NO_UNDERSCORE : NAME_PATTERN, { error: `The ${label(name)} format is invalid.` }),
  );

/**
 * Integers as PHP's FILTER_VALIDATE_INT reads them (Laravel's `integer` rule): a JSON number without a
 * fraction, a numeric string (form-data and query strings carry only text) where a sign may lead and a zero
 * may not (`01` is refused), and JSON `true`, which PHP casts to "1" before it filters (`false` is "": refused).
 */
export const integer = <const O extends Opts & { min?: number; max?: number }>(o?: O) =>
  typed<number, O>(o, (name) => {
    const msg = `The ${label(name)} must be an integer.`;
    let n = z.number({ error: msg }).int({ error: msg });
    if (o?.min !== undefined) n = n.min(o.min, { error: `The ${label(name)} must be at least ${o.min}.` });
    if (o?.max !== undefined) n = n.max(o.max, { error: `The ${label(name)} must not be greater than ${o.max}.` });
    return z
      .union([
        z.number({ error: msg }),
        z.string({ error: msg }).regex(/^[+-]?(?:0|[1-9]\d{0,14})$/, { error: msg }),
        z.literal(true, { error: msg }),
      ], { error: requiredOr(name, msg) })
      .transform((v) => (v === true ? 1 : Number(v)))
      .pipe(n);
  });

export const booleanLike = <const O extends Opts>(o?: O) =>
  typed<boolean, O>(o, (name) =>
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: `The ${label(name)} field must be true or false.` }), z.literal(1), z.literal(0)], {
        error: requiredOr(name, `The ${label(name)} field must be true or false.`),
      })
      .transform((v) => v === true || v === 'true' || v === '1' || v === 1),
  );

/**
 * Laravel `date_format:Y-m-d` (B5 and B6, whose dates behaviour §10 fixes as `YYYY-MM-DD`): one rule, so one
 * message for a value it refuses, whether the shape is wrong or the day does not exist (`2026-02-30`), as
 * PHP's createFromFormat round trip refuses both. Never also "is not a valid date.": one bad value, one sentence.
 */
export const date = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} does not match the format Y-m-d.`) })
      // The pattern (kept for openapi.json) aborts, so an ill-shaped value is not judged twice.
      .regex(DATE_PATTERN, { error: `The ${label(name)} does not match the format Y-m-d.`, abort: true })
      .refine((s) => toUtcTimestamp(s) !== undefined, { error: `The ${label(name)} does not match the format Y-m-d.` }),
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

export const petAge = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The ${label(name)} must be a string.`) })
      .regex(AGE_FORMAT, { error: `The ${label(name)} format is invalid.` }),
  );

export const petWeight = <const O extends Opts>(o?: O) =>
  typed<number | string, O>(o, (name) =>
    z.union([
      z.number().nonnegative({ error: `The ${label(name)} format is invalid.` }).max(9999, { error: `The ${label(name)} format is invalid.` }),
      z.string().regex(WEIGHT_PATTERN, { error: `The ${label(name)} format is invalid.` }),
    ], {
      error: requiredOr(name, `The ${label(name)} format is invalid.`),
    }),
  );

export const species = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    z
      .string({ error: requiredOr(name, `The selected ${label(name)} is invalid.`) })
      .refine((s) => /^(dog|cat)$/i.test(s), { error: `The selected ${label(name)} is invalid.` })
      .transform((s) => s.toLowerCase()),
  );

type Outputs<S extends Record<string, FieldBuilder>> = { [K in keyof S]?: z.output<ReturnType<S[K]>> };

/** A nested object of optional fields, e.g. A3's `pet`; labels read `pet.name` as in Laravel. */
export const nested = <S extends Record<string, FieldBuilder>, const O extends Opts>(spec: S, o?: O) =>
  typed<Outputs<S>, O>(o, (name) =>
    z.preprocess(
      // PHP's json_encode writes an empty array as `[]`: to Laravel's `array` rule that is an empty array, fields absent.
      (v) => (Array.isArray(v) && v.length === 0 ? {} : v),
      z.object(
        Object.fromEntries(Object.entries(spec).map(([k, b]) => [k, b(`${name}.${k}`)])),
        { error: requiredOr(name, `The ${label(name)} must be an array.`) },
      ),
    ),
  );

/**
 * A request's fields. Each field's schema is built when the object's shape is first read (zod resolves
 * a shape's getters once, at its first parse), not when the module loads: building every endpoint's
 * schemas was ~10 ms of each start (issue 14, cold start), and a start answers only a few endpoints.
 */
export function fields<S extends Record<string, FieldBuilder>>(spec: S) {
  const shape = {} as { [K in keyof S]: ReturnType<S[K]> };
  for (const [k, b] of Object.entries(spec)) Object.defineProperty(shape, k, { enumerable: true, get: () => b(k) });
  return z.object(shape);
}

type Shape = Record<string, unknown>;
const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Laravel `required_if:other,value`. */
export function requiredIf(field: string, other: string, value: string) {
  return {
    check: (data: Shape) => !(data[other] === value && !present(data[field])),
    error: `The ${label(field)} field is required when ${label(other)} is ${value}.`,
    path: [field],
  };
}

/** Laravel `required_with:other`: the paired date rule. */
export function requiredWith(field: string, other: string) {
  return {
    check: (data: Shape) => !(present(data[other]) && !present(data[field])),
    error: `The ${label(field)} field is required when ${label(other)} is present.`,
    path: [field],
  };
}

export type CrossRule = ReturnType<typeof requiredIf>;

/**
 * Adds cross-field rules that run even when single fields failed, so a partner sees
 * every broken rule in one 422, as Laravel reports them.
 */
export function withRules<T extends z.ZodObject>(schema: T, rules: CrossRule[]) {
  return rules.reduce<z.ZodType>(
    (s, r) =>
      s.refine((d) => r.check(d as Shape), {
        error: r.error,
        path: r.path,
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      }),
    schema,
  ) as unknown as T;
}
