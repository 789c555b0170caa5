// Field builders that make zod speak Laravel: every failed rule yields the exact
// sentence the real service would send (`The email field is required.`), and the
// same schema feeds the OpenAPI document. A builder takes the wire name of the field
// and derives the human label the way Laravel does (snake/camel case → words).
import { z } from 'zod';
import { label, requiredOr, typed, type FieldBuilder, type Opts } from './field-kit';
import { filterValidateInt, isNumeric, laravelSize, phpString } from './php-values';
import { filled, ruleChain, type Rule } from './rule-chain';

export { label, type FieldBuilder } from './field-kit';
export { date, dateDay, dateTime, DATE_PATTERN, toUtcTimestamp } from './date-fields';

/** The name character set of the spec; B10's first_name drops the underscore. */
const NAME_PUNCTUATION = `'"!@#$%^&*()_+{}[]:;<>,.?/|`;
const escapeClass = (s: string) => s.replace(/[\\\]\[^-]/g, (c) => `\\${c}`);
/**
 * Whitespace as PHP's `/u` regex reads `\s` (PCRE2 with UCP: the Z categories and tab, LF, VT, FF, CR), not as
 * JavaScript's `\s`, which also takes U+FEFF: a byte-order mark inside a name fails the character set.
 */
const PCRE_SPACE = '\\t\\n\\v\\f\\r\\p{Z}';
const nameClass = (withUnderscore: boolean) =>
  `A-Za-z0-9${PCRE_SPACE}\u2019ığüşöçİĞÜŞÖÇ${escapeClass(withUnderscore ? NAME_PUNCTUATION : NAME_PUNCTUATION.replace('_', ''))}`;
export const NAME_PATTERN = new RegExp(`^[${nameClass(true)}]+$`, 'u');
export const NAME_PATTERN_NO_UNDERSCORE = new RegExp(`^[${nameClass(false)}]+$`, 'u');

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

const requiredMessage = (name: string, o?: Opts) => (o?.required ? `The ${label(name)} field is required.` : undefined);

/** Laravel `string`. */
const isString = (name: string): Rule => ({ passes: (v) => typeof v === 'string', message: `The ${label(name)} must be a string.` });
/** Laravel `max` beside no numeric rule: the string form's code points (mb_strlen), an array's count. */
const maxChars = (name: string, max: number): Rule => ({
  passes: (v) => laravelSize(v) <= max,
  message: `The ${label(name)} must not be greater than ${max} characters.`,
});
/** Laravel `regex`: a string, or a number read as PHP's string form of it; anything else fails it. */
const matches = (name: string, pattern: RegExp): Rule => ({
  passes: (v) => (typeof v === 'string' || typeof v === 'number') && pattern.test(phpString(v)!),
  message: `The ${label(name)} format is invalid.`,
});

/**
 * `required|string|max:N`. `required` judges as Laravel's does (rule-chain.ts `filled`): input is trimmed
 * already, but not a password, so a password of spaces is missing, not a password.
 */
export const text = <const O extends Opts & { max?: number; description?: string }>(o?: O) =>
  typed<string, O>(o, (name) => {
    const max = o?.max ?? 255;
    const json = { type: 'string', maxLength: max, ...(o?.description && { description: o.description }) };
    return ruleChain({ required: requiredMessage(name, o), rules: [isString(name), maxChars(name, max)], json });
  });

/** `required|string|email|max:255`, in that order: a bad address is named before its length. */
export const email = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    ruleChain({
      required: requiredMessage(name, o),
      rules: [
        isString(name),
        // validateEmail: anything but a string fails it; then RFC validation.
        { passes: (v) => typeof v === 'string' && EMAIL_PATTERN.test(v) && rfcDotsAndLabels(v), message: `The ${label(name)} must be a valid email address.` },
        maxChars(name, 255),
      ],
      json: { type: 'string', maxLength: 255, pattern: EMAIL_PATTERN.source },
    }),
  );
export const oneOf = <const T extends readonly [string, ...string[]], const O extends Opts>(values: T, o?: O) =>
  typed<T[number], O>(o, (name) => z.enum(values, { error: requiredOr(name, `The selected ${label(name)} is invalid.`) }));

/** `string|max:255|regex:<the spec's name character set>`: an array or `true` is no string and fails the pattern too. */
export const personName = <const O extends Opts & { underscore?: boolean }>(o?: O) =>
  typed<string, O>(o, (name) => {
    const pattern = o?.underscore === false ? NAME_PATTERN_NO_UNDERSCORE : NAME_PATTERN;
    return ruleChain({
      required: requiredMessage(name, o),
      rules: [isString(name), maxChars(name, 255), matches(name, pattern)],
      json: { type: 'string', maxLength: 255, pattern: pattern.source },
    });
  });

/** A numeric string as FILTER_VALIDATE_INT reads one (the range is checked on the digits, php-values.ts). */
const INTEGER_STRING = /^[+-]?(?:0|[1-9]\d{0,18})$/;

/** Laravel's size beside the `integer` rule: a numeric value is its number, anything else its length. */
const numericSize = (v: unknown) => (isNumeric(v) ? Number(v) : laravelSize(v));

/**
 * `integer` (PHP's FILTER_VALIDATE_INT, php-values.ts): a JSON number without a fraction, a numeric string
 * (form-data and query strings carry only text) where a sign may lead and a zero may not (`01` is refused),
 * 64 bits wide, and JSON `true`, which PHP casts to "1" (`false` is "": refused). Then `min`/`max` on the number.
 */
function integerRules(name: string, o: { required?: boolean; min?: number; max?: number }, description?: string) {
  const rules: Rule[] = [{ passes: (v) => filterValidateInt(v) !== undefined, message: `The ${label(name)} must be an integer.` }];
  if (o.min !== undefined) rules.push({ passes: (v) => numericSize(v) >= o.min!, message: `The ${label(name)} must be at least ${o.min}.` });
  if (o.max !== undefined) rules.push({ passes: (v) => numericSize(v) <= o.max!, message: `The ${label(name)} must not be greater than ${o.max}.` });
  const bounds = { ...(o.min !== undefined && { minimum: o.min }), ...(o.max !== undefined && { maximum: o.max }) };
  return ruleChain({
    required: requiredMessage(name, o),
    rules,
    json: {
      anyOf: [{ type: 'integer', ...bounds }, { type: 'string', pattern: INTEGER_STRING.source }, { type: 'boolean', const: true }],
      ...(description && { description }),
    },
  });
}

export const integer = <const O extends Opts & { min?: number; max?: number }>(o?: O) =>
  typed<number, O>(o, (name) => integerRules(name, o ?? {}).transform((v) => filterValidateInt(v)!));

/**
 * A page number: `integer`, and a page below 1 reads as page 1, as Laravel's paginator reads it
 * (Paginator::resolveCurrentPage), never a 422.
 */
export const page = <const O extends Opts>(o?: O) =>
  typed<number, O>(o, (name) => integerRules(name, o ?? {}, 'A page below 1 reads as page 1.').transform((v) => Math.max(1, filterValidateInt(v)!)));

export const booleanLike = <const O extends Opts>(o?: O) =>
  typed<boolean, O>(o, (name) =>
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: `The ${label(name)} field must be true or false.` }), z.literal(1), z.literal(0)], {
        error: requiredOr(name, `The ${label(name)} field must be true or false.`),
      })
      .transform((v) => v === true || v === 'true' || v === '1' || v === 1),
  );

export const petAge = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    ruleChain({ required: requiredMessage(name, o), rules: [isString(name), matches(name, AGE_FORMAT)], json: { type: 'string', pattern: AGE_FORMAT.source } }),
  );

/**
 * A2's weight: one `regex` rule whatever the JSON type, as PHP reads a number as its string form, so 12.345 is
 * refused as "12.345" is, and 12.5 taken as "12.5" is. Answered as that string form.
 */
export const petWeight = <const O extends Opts>(o?: O) =>
  typed<string, O>(o, (name) =>
    ruleChain({
      required: requiredMessage(name, o),
      rules: [matches(name, WEIGHT_PATTERN)],
      json: { anyOf: [{ type: 'number', minimum: 0, maximum: 9999.99 }, { type: 'string', pattern: WEIGHT_PATTERN.source }] },
    }).transform((v) => phpString(v)!),
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
      // A JSON array is a PHP array to Laravel's `array` rule (`[]`, `["a"]`): its keys are numbers, so every field is absent.
      (v) => (Array.isArray(v) ? {} : v),
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
  for (const [k, b] of Object.entries(spec)) {
    // Built once, however many copies of the object zod makes (each refine clones it and reads the shape anew).
    let built: z.ZodType | undefined;
    Object.defineProperty(shape, k, { enumerable: true, get: () => (built ??= b(k)) });
  }
  return z.object(shape);
}

type Shape = Record<string, unknown>;

/** Laravel `required_if:other,value`. */
export function requiredIf(field: string, other: string, value: string) {
  return {
    check: (data: Shape) => !(data[other] === value && !filled(data[field])),
    error: `The ${label(field)} field is required when ${label(other)} is ${value}.`,
    path: [field],
  };
}

/** Laravel `required_with:other`: the paired date rule. */
export function requiredWith(field: string, other: string) {
  return {
    check: (data: Shape) => !(filled(data[other]) && !filled(data[field])),
    error: `The ${label(field)} field is required when ${label(other)} is present.`,
    path: [field],
  };
}

export type CrossRule = ReturnType<typeof requiredIf>;

/**
 * Laravel checks attribute by attribute in the order of its rules array, and lists the messages so: a
 * cross-field rule's message stands at its field's place (A7's emergency_fund before last_name), not last.
 */
const inFieldOrder = (fieldNames: () => string[]) =>
  z.core._check(
    (payload) => {
      const order = fieldNames();
      const place = (issue: { path?: PropertyKey[] }) => {
        const i = order.indexOf(String(issue.path?.[0]));
        return i < 0 ? order.length : i;
      };
      payload.issues.sort((a, b) => place(a) - place(b)); // stable: a field's own rules keep their order
    },
    { when: () => true },
  );

/**
 * Adds cross-field rules that run even when single fields failed, so a partner sees
 * every broken rule in one 422, as Laravel reports them. No field's check aborts (rule-chain.ts), so they always run.
 */
export function withRules<T extends z.ZodObject>(schema: T, rules: CrossRule[]) {
  return rules
    .reduce<z.ZodType>(
      (s, r) =>
        s.refine((d) => r.check(d as Shape), {
          error: r.error,
          path: r.path,
          when: (payload) => typeof payload.value === 'object' && payload.value !== null,
        }),
      schema,
    )
    .check(inFieldOrder(() => Object.keys(schema.shape))) as unknown as T;
}
