// The why of a 422 (issue 37): per message, the field, the rule it states, the value received (masked under a
// secret's name) and the form expected, read from the very schema that refused it (its JSON Schema metadata,
// src-shared/schemas/rule-chain.ts). Run again on the refused input only: a call that passes pays nothing.
import { z } from 'zod';
import { AGE_FORMAT, EMAIL_PATTERN, NAME_PATTERN, NAME_PATTERN_NO_UNDERSCORE, WEIGHT_PATTERN, DATE_PATTERN } from '../../../../src-shared/schemas/fields';
import { detail, listed, quoted, why, type Why, type WhyDetail } from './why';

type Schema = z.ZodType;

/** The summary names at most this many fields; the details name them all. */
const LISTED_FIELDS = 5;
type Json = Record<string, unknown>;

/** Patterns a person reads better in words; any other pattern is quoted as it is. */
const FORMS = new Map<string, string>([
  [AGE_FORMAT.source, '"<n> years" or "<n> years <m> months": n of at most 3 digits, m from 1 to 11, the plural always (e.g. "2 years" or "2 years 3 months"; "1 year" is refused)'],
  [WEIGHT_PATTERN.source, 'a number with at most 4 digits and 2 decimals, "lbs" after it allowed (e.g. 12.5 or "12.5 lbs")'],
  [EMAIL_PATTERN.source, 'an e-mail address such as name@example.com'],
  [NAME_PATTERN.source, "letters (Turkish ones too), digits, spaces and '\"!@#$%^&*()_+{}[]:;<>,.?/|"],
  [NAME_PATTERN_NO_UNDERSCORE.source, "letters (Turkish ones too), digits, spaces and '\"!@#$%^&*()+{}[]:;<>,.?/| (no underscore)"],
  [DATE_PATTERN.source, 'a date as YYYY-MM-DD'],
]);

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  entries?: Record<string, unknown>;
  options?: Schema[];
}
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a wrapper stands for (optional, default, a transform's or preprocess's two sides). */
function inner(s: Schema): Schema[] {
  const d = defOf(s);
  if (d.innerType) return [d.innerType];
  if (d.type === 'pipe') return [d.in!, d.out!];
  return [];
}

/** The schema of the field at `path` inside an endpoint's schema, or undefined where it cannot be told. */
function fieldAt(schema: Schema, path: readonly PropertyKey[], depth = 0): Schema | undefined {
  if (depth > 20) return undefined;
  if (!path.length) return schema;
  const d = defOf(schema);
  if (d.type === 'object' && d.shape) {
    const next = d.shape[String(path[0])];
    return next && fieldAt(next, path.slice(1), depth + 1);
  }
  for (const s of inner(schema)) {
    const found = fieldAt(s, path, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The field's JSON Schema metadata, and an enum's values, through its wrappers. */
function describe(field: Schema, depth = 0): { meta?: Json; values?: string[] } {
  const meta = field.meta() as Json | undefined;
  if (meta && Object.keys(meta).length) return { meta };
  const d = defOf(field);
  if (d.type === 'enum' && d.entries) return { values: Object.values(d.entries).map(String) };
  if (depth > 10) return {};
  for (const s of inner(field)) {
    const found = describe(s, depth + 1);
    if (found.meta || found.values) return found;
  }
  return {};
}

/** The form a JSON Schema asks for, in words. */
function formOf(meta: Json): string {
  if (typeof meta.pattern === 'string') return FORMS.get(meta.pattern) ?? `text matching /${meta.pattern}/`;
  if (Array.isArray(meta.anyOf)) {
    const forms = (meta.anyOf as Json[]).map(formOf).filter((f) => f);
    return [...new Set(forms)].join(', or ');
  }
  if (Array.isArray(meta.enum)) return `one of ${listed(meta.enum.map((v) => JSON.stringify(v)))}`;
  if ('const' in meta) return JSON.stringify(meta.const);
  const bounds = [
    typeof meta.minimum === 'number' ? `at least ${meta.minimum}` : '',
    typeof meta.maximum === 'number' ? `at most ${meta.maximum}` : '',
  ].filter(Boolean).join(' and ');
  switch (meta.type) {
    case 'string':
      return `text${typeof meta.maxLength === 'number' ? ` of at most ${meta.maxLength} characters` : ''}`;
    case 'integer':
      return `a whole number${bounds ? ` ${bounds}` : ''}`;
    case 'number':
      return `a number${bounds ? ` ${bounds}` : ''}`;
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    default:
      return typeof meta.description === 'string' ? meta.description : '';
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key as string];
  }
  return v;
}

/**
 * Why `schema` refused `input` with `issues` (the refusal's own, http/validate.ts: not parsed again), one detail per
 * message in the answer's order; `extra` messages the schema did not give (A3's `profile`) follow as they are.
 */
export function validationWhy(schema: Schema, input: Record<string, unknown>, issues: readonly z.core.$ZodIssue[], extra: readonly string[] = []): Why | null {
  const details: WhyDetail[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    const field = fieldAt(schema, issue.path);
    const { meta, values } = field ? describe(field) : {};
    const form = values ? `one of ${listed(values.map((v) => `"${v}"`))}` : meta ? formOf(meta) : '';
    const text = [
      issue.message,
      `Received: ${quoted(valueAt(input, issue.path), name)}.`,
      form ? `Expected: ${form}.` : '',
    ].filter(Boolean).join(' ');
    const key = `${name}\u0000${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail(name || '(the request)', text));
  }
  for (const message of extra) details.push(detail('profile', message));
  if (!details.length) return null;
  const fields = [...new Set(details.map((d) => d.label))];
  const named = fields.length > LISTED_FIELDS ? [...fields.slice(0, LISTED_FIELDS), `${fields.length - LISTED_FIELDS} more`] : fields;
  return why(`Validation refused ${fields.length === 1 ? `the field ${fields[0]}` : `${fields.length} fields: ${listed(named)}`}.`, details);
}
