// The request input as the real (Laravel) service sees it (behaviour §4): `$request->all()` is the body
// laid over the query string, after the TrimStrings and ConvertEmptyStringsToNull middleware.
// Every walk here is iterative and every nesting is bounded, so no input can exhaust the stack.
import { DomainError } from '../errors';

/** Deeper than this, a request is refused before anything walks it (PHP's max_input_nesting_level is 64). */
export const MAX_DEPTH = 64;

export const tooDeep = (what: 'request body' | 'query string') =>
  new DomainError(400, [`The ${what} is nested too deeply (more than ${MAX_DEPTH} levels).`]);

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Laravel's TrimStrings default except list. Keys are dotted paths there, so only top-level fields match. */
const NEVER_TRIMMED = new Set(['current_password', 'password', 'password_confirmation']);

// Str::trim: PCRE `\s` (ASCII whitespace), PHP trim's " \n\r\t\v\0", and Str::INVISIBLE_CHARACTERS.
const TRIM_SET =
  '\\s\\0\\u00A0\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u2000-\\u200F\\u202F\\u205F-\\u2065\\u206A-\\u206F' +
  '\\u3000\\u2800\\u3164\\uFEFF\\uFFA0\\u{1D159}\\u{1D173}-\\u{1D17A}\\u{E0020}';
const TRIM = new RegExp(`^[${TRIM_SET}]+|[${TRIM_SET}]+$`, 'gu');

export const laravelTrim = (s: string) => s.replace(TRIM, '');

/**
 * TrimStrings then ConvertEmptyStringsToNull over a whole input tree, iteratively.
 * Returns a fresh tree; the caller's value (shown in the journal as sent) is left alone.
 */
export function cleanInput(input: Bag): Bag {
  const root: Bag = {};
  const stack: [source: Bag | unknown[], target: Bag | unknown[], topLevel: boolean][] = [[input, root, true]];
  while (stack.length) {
    const [source, target, topLevel] = stack.pop()!;
    const entries: [string | number, unknown][] = Array.isArray(source) ? source.map((v, i) => [i, v]) : Object.entries(source);
    for (const [key, value] of entries) {
      if (key === '__proto__') continue; // a field of that name would replace the object's prototype
      let out: unknown = value;
      if (typeof value === 'string') {
        const trimmed = topLevel && NEVER_TRIMMED.has(String(key)) ? value : laravelTrim(value);
        out = trimmed === '' ? null : trimmed;
      } else if (Array.isArray(value) || isBag(value)) {
        out = Array.isArray(value) ? [] : {};
        stack.push([value, out as Bag | unknown[], false]);
      }
      (target as Record<string | number, unknown>)[key] = out;
    }
  }
  return root;
}

/** True when objects/arrays nest deeper than `limit` (an iterative walk, safe on any tree). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Nesting of a JSON text, read from its characters before it is parsed, so a hostile body is never
 * turned into a deep object at all.
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

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

/** `$request->all()`: the body's fields win over the query's (PHP's array union, not a deep merge). */
export function mergeInput(query: Bag, body: unknown): Bag {
  return { ...query, ...(isBag(body) ? body : {}) };
}
