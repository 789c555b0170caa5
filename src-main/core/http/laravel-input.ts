// The request input as the real (Laravel) service sees it (behaviour §4): `$request->all()` is the body
// laid over the query string, after the TrimStrings and ConvertEmptyStringsToNull middleware.
// Every walk here is iterative and every nesting is bounded, so no input can exhaust the stack.
import { DomainError } from '../errors';

/** Deeper than this, a request is refused before anything walks it (PHP's max_input_nesting_level is 64). */
export const MAX_DEPTH = 64;

export const tooDeep = (what: 'request body' | 'query string') =>
  new DomainError(400, [`The ${what} is nested too deeply (more than ${MAX_DEPTH} levels).`]);

export type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Laravel's TrimStrings default except list. Keys are dotted paths there, so only top-level fields match. */
const NEVER_TRIMMED = new Set(['current_password', 'password', 'password_confirmation']);

// Str::trim: PCRE `\s` (ASCII whitespace), PHP trim's " \n\r\t\v\0", and Str::INVISIBLE_CHARACTERS.
const TRIM_SET =
  '\\s\\0\\u00A0\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u2000-\\u200F\\u202F\\u205F-\\u2065\\u206A-\\u206F' +
  '\\u3000\\u2800\\u3164\\uFEFF\\uFFA0\\u{1D159}\\u{1D173}-\\u{1D17A}\\u{E0020}';
const TRIM = new RegExp(`^[${TRIM_SET}]+|[${TRIM_SET}]+$`, 'gu');

export const laravelTrim = (s: string) => s.replace(TRIM, '');

/** `pet[name]` → ['pet', 'name']; `tags[]` → ['tags', '']; a name PHP would not split stays whole. */
function keyPath(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const path = [name.slice(0, open)];
  let rest = name.slice(open);
  while (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) break; // PHP keeps an unclosed bracket as part of the last segment; ignoring it is close enough
    path.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
  }
  return path;
}

/**
 * Form and query pairs → PHP's nested arrays: `pet[name]=x` → `{pet: {name: 'x'}}`, `a[]=1&a[]=2` → `{a: ['1', '2']}`;
 * a repeated plain key keeps the last value, as PHP does. Nesting beyond MAX_DEPTH is refused.
 */
export function nestPairs(pairs: Iterable<[string, string]>, what: 'request body' | 'query string'): Bag {
  const root: Bag = {};
  for (const [name, value] of pairs) {
    const path = keyPath(name);
    if (path.length > MAX_DEPTH) throw tooDeep(what);
    if (path.includes('__proto__')) continue; // would replace a prototype, never a field any endpoint reads
    let node: Bag | unknown[] = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      const seg = path[i];
      const container = node as Record<string, unknown> & unknown[];
      if (seg === '' && Array.isArray(node)) {
        if (last) node.push(value);
        else {
          const child: Bag | unknown[] = path[i + 1] === '' ? [] : {};
          node.push(child);
          node = child;
        }
        continue;
      }
      const key = seg === '' ? String(Object.keys(node).length) : seg;
      if (last) {
        container[key as never] = value as never;
        break;
      }
      let child = container[key as never] as unknown;
      if (typeof child !== 'object' || child === null) {
        child = path[i + 1] === '' ? [] : {};
        container[key as never] = child as never;
      }
      node = child as Bag | unknown[];
    }
  }
  return root;
}

type Container = Bag | unknown[];

/**
 * The one normalisation pass: `$request->all()` (the body's fields over the query's: PHP's array union,
 * not a deep merge), then TrimStrings and ConvertEmptyStringsToNull, then what validation sees of a null:
 * nothing. After ConvertEmptyStringsToNull a null is an absent value for every rule we state (none is
 * `nullable` with a meaning of its own), so `pet.name: ""` leaves the name alone; a null is dropped from
 * the objects reached through objects (A3's `pet`) and kept in lists, where its place counts.
 * Iterative, on a tree whose depth the readers have already bounded; the caller's values (shown in the
 * journal as sent) are left alone.
 */
export function normaliseInput(query: Bag, body: unknown): Bag {
  const root: Bag = {};
  const merged: Bag = isBag(body) ? { ...query, ...body } : query;
  const stack: [source: Container, target: Container, where: 'top' | 'object' | 'list'][] = [[merged, root, 'top']];
  while (stack.length) {
    const [source, target, where] = stack.pop()!;
    const dropsNull = where !== 'list';
    const entries: [string | number, unknown][] = Array.isArray(source) ? source.map((v, i) => [i, v]) : Object.entries(source);
    for (const [key, value] of entries) {
      if (key === '__proto__') continue; // a field of that name would replace the object's prototype
      let out: unknown = value;
      if (typeof value === 'string') {
        const trimmed = where === 'top' && NEVER_TRIMMED.has(key as string) ? value : laravelTrim(value);
        out = trimmed === '' ? null : trimmed;
      } else if (Array.isArray(value)) {
        out = [];
        stack.push([value, out as unknown[], 'list']);
      } else if (isBag(value)) {
        out = {};
        stack.push([value, out as Bag, dropsNull ? 'object' : 'list']);
      }
      if (out === null && dropsNull) continue;
      (target as Record<string | number, unknown>)[key] = out;
    }
  }
  return root;
}
