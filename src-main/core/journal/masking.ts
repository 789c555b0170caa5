// What the journal never keeps (behaviour §14, issue 12 item 8): secrets are blanked by key, in parsed
// bodies, in raw JSON text (keys decoded, so `pass\u0077ord` is found), in query strings and form bodies,
// and in headers; and by shape (issue 29, value-shape.ts): a card number under any key or in free text,
// and the CVC beside it. The journal, its HAR export and Copy as cURL/fetch all show what capture.ts
// stored through these functions. Every walk here is a loop over the text or an explicit stack: a body
// nested 1,000,000 deep is just a long string to these functions, never a deep call stack.
import { holdsCard, isCvcBeside, MASK, maskCards, maskFieldsByShape } from './value-shape';

export { MASK };

/** Body and query keys whose values are secrets (compared lowercase, last bracket segment: `card[number]`). */
const SECRET_KEYS = new Set([
  'password', 'password_confirmation', 'current_password', 'new_password', 'passwd', 'pass', 'pwd',
  'number', 'card_number', 'card', 'cc', 'cvc', 'cvv',
  'api_key', 'apikey', 'api-key', 'x-api-key', 'api_token', 'api_secret', 'secret', 'client_secret',
  'access_token', 'refresh_token',
]);

export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase();
  if (SECRET_KEYS.has(k)) return true;
  const bracket = k.endsWith(']') ? /\[([^[\]]*)\]$/.exec(k) : null;
  return !!bracket && SECRET_KEYS.has(bracket[1]);
}

/** Header names that carry credentials: api keys, tokens, secrets, sessions, cookies. */
const SECRET_HEADER = /(^|[-_])(api[-_]?key|apikey|token|secret|password|passwd|session|cookie|auth)/i;

/** `Basic <username>:***`: the username helps a tester; the secret never lands on disk. */
export function maskAuthorization(value: string): string {
  const m = /^Basic\s+(\S+)/i.exec(value);
  if (!m) return value.length > 12 ? `${value.slice(0, 7)}***` : '***';
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const user = decoded.includes(':') ? decoded.slice(0, decoded.indexOf(':')) : '?';
  return `Basic ${user}:***`;
}

export function maskHeader(name: string, value: string): string {
  const n = name.toLowerCase();
  if (n === 'authorization' || n === 'proxy-authorization') return maskAuthorization(value);
  return SECRET_HEADER.test(n) ? MASK : value;
}

/** A scalar masked by shape: a card number in a string, a number that is one. */
const shapeOf = (v: unknown): unknown =>
  typeof v === 'string' ? maskCards(v) : typeof v === 'number' && Number.isInteger(v) && holdsCard(String(v)) ? MASK : v;
const holdsCardValue = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && holdsCard(String(v));

/** Replaces secret fields anywhere in a parsed body, by key and by shape; iterative, so depth costs heap, not stack. */
export function maskBody(body: unknown): unknown {
  const copy = (v: unknown): unknown => (Array.isArray(v) ? new Array(v.length) : v && typeof v === 'object' ? {} : shapeOf(v));
  const root = copy(body);
  const stack: [unknown, unknown][] = root !== body && typeof root === 'object' ? [[body, root]] : [];
  while (stack.length) {
    const [src, dst] = stack.pop()!;
    const entries = Object.entries(src as Record<string, unknown>);
    const object = !Array.isArray(src);
    const beside = object && entries.some(([, v]) => holdsCardValue(v));
    for (const [k, v] of entries) {
      const masked = object && (isSecretKey(k) || (beside && isCvcBeside(k, v))) ? MASK : copy(v);
      (dst as Record<string, unknown>)[k] = masked;
      if (masked !== v && masked !== MASK && typeof masked === 'object') stack.push([v, masked]);
    }
  }
  return root;
}

const decodeFormComponent = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/**
 * `a=1&password=x` → `a=1&password=***`: the text keeps its shape, only secret values change. A pair whose
 * decoded text holds a secret pattern (JSON sent as a form, `note=password%3Dx`) is masked decoded and re-encoded;
 * so is a card number in a decoded value (`pan=4242+4242+…`) and a CVC-like value beside it.
 */
export function maskFormText(text: string): string {
  const pairs = text.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq >= 0 ? pair.slice(0, eq) : pair;
    return { pair, eq, rawKey, key: decodeFormComponent(rawKey), value: eq >= 0 ? decodeFormComponent(pair.slice(eq + 1)) : '' };
  });
  const shaped = maskFieldsByShape(pairs.map((p) => [p.key, p.value] as const), isSecretKey);
  return pairs
    .map(({ pair, eq, rawKey, key, value }, n) => {
      if (eq > 0 && isSecretKey(key)) return `${rawKey}=${MASK}`;
      const [k, v] = [maskSecretPatterns(key), maskSecretPatterns(shaped[n])];
      if (k === key && v === value) return pair;
      return eq >= 0 ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : encodeURIComponent(k);
    })
    .join('&');
}

/** Multipart fields as the journal lists them (`{name, value}`, a file has no value), masked by key and by shape. */
export function maskParams<P extends { name: string; value?: string }>(params: readonly P[]): P[] {
  const fields = params.filter((p) => p.value !== undefined).map((p) => [p.name, p.value!] as const);
  const shaped = maskFieldsByShape(fields, isSecretKey);
  let n = 0;
  return params.map((p) => {
    if (p.value === undefined) return p;
    const value = shaped[n++];
    return value === p.value ? p : { ...p, value };
  });
}

/** Decodes a JSON string token, also a broken one (a lone backslash, a cut-off escape). */
function decodeJsonString(token: string): string {
  try {
    return JSON.parse(token) as string;
  } catch {
    return token.replace(/^"|"$/g, '').replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_m, hex: string, ch: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ch));
  }
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** Index just past the string token starting at `i` (a quote), or the end of an unterminated one. */
function endOfString(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j !== -1; j = text.indexOf('"', j + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
  return text.length;
}

/** Index just past the JSON value starting at `i`: a string, a container (balanced, counted not recursed), a literal. */
function endOfValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return endOfString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = endOfString(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if ((d === '}' || d === ']') && --depth === 0) return j + 1;
    }
    return text.length;
  }
  let j = i;
  for (let d = text.charCodeAt(j); j < text.length && !isSpace(d) && d !== 44 && d !== 125 && d !== 93; d = text.charCodeAt(++j));
  return j;
}

/**
 * Masks the value of every secret key in JSON text, valid or not, keeping everything else byte for byte.
 * A string followed by `:` is a key; its value (whatever its type) becomes "***".
 */
export function maskJsonText(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = text.indexOf('"'); i !== -1; ) {
    const end = endOfString(text, i);
    let k = end;
    while (k < text.length && isSpace(text.charCodeAt(k))) k++;
    if (text.charCodeAt(k) === 58 /* : */) {
      const token = text.slice(i, end);
      if (isSecretKey(token.includes('\\') ? decodeJsonString(token) : token.slice(1, -1))) {
        let v = k + 1;
        while (v < text.length && isSpace(text.charCodeAt(v))) v++;
        if (v < text.length) {
          const valueEnd = endOfValue(text, v);
          out += `${text.slice(copied, v)}"${MASK}"`;
          copied = valueEnd;
          i = text.indexOf('"', valueEnd);
          continue;
        }
      }
    }
    i = end < text.length ? text.indexOf('"', end) : -1;
  }
  return copied ? out + text.slice(copied) : text;
}

/** A container maskJsonShapes is inside: its pending key, whether it holds a card, its CVC-like values (start, end, …). */
interface ShapeFrame { object: boolean; key: string | null; card: boolean; cvcs: number[] }

/**
 * JSON text (valid or not) masked by shape, everything else byte for byte: a card number that is a bare JSON
 * number becomes "***" (a string, so the text stays JSON; cards inside strings are left to maskCards), and a
 * CVC-like value beside a card in the same object becomes "***". One pass with an explicit stack of containers.
 */
export function maskJsonShapes(text: string): string {
  // Its caller (maskBodyText) calls it only for a text that holds a card number: not looked for again here.
  const spans: number[] = []; // start, end, … of the values that become "***"
  const stack: ShapeFrame[] = [{ object: false, key: null, card: false, cvcs: [] }];
  const close = () => {
    const frame = stack.pop()!;
    if (frame.card) spans.push(...frame.cvcs);
  };
  const value = (start: number, end: number, inner: string, quoted: boolean) => {
    const top = stack[stack.length - 1];
    if (holdsCard(inner)) {
      top.card = true;
      if (!quoted) spans.push(start, end);
    } else if (top.object && top.key !== null && isCvcBeside(top.key, inner)) top.cvcs.push(start, end);
    top.key = null;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = endOfString(text, i);
      const top = stack[stack.length - 1];
      let k = end;
      while (k < text.length && isSpace(text.charCodeAt(k))) k++;
      if (top.object && text.charCodeAt(k) === 58 /* : */) {
        const token = text.slice(i, end);
        top.key = token.includes('\\') ? decodeJsonString(token) : token.slice(1, -1);
        i = k + 1;
      } else {
        value(i, end, text.slice(i + 1, Math.max(i + 1, end - 1)), true);
        i = end;
      }
    } else if (c === 123 || c === 91 /* { [ */) {
      stack[stack.length - 1].key = null;
      stack.push({ object: c === 123, key: null, card: false, cvcs: [] });
      i++;
    } else if (c === 125 || c === 93 /* } ] */) {
      if (stack.length > 1) close();
      i++;
    } else if ((c >= 48 && c <= 57) || c === 45 /* digit, - */) {
      const end = endOfValue(text, i);
      value(i, end, text.slice(i, end), false);
      i = end;
    } else i++;
  }
  while (stack.length) close(); // a body cut short: what it opened still counts
  if (!spans.length) return text;
  const order = [];
  for (let j = 0; j < spans.length; j += 2) order.push(j);
  order.sort((a, b) => spans[a] - spans[b]);
  let out = '';
  let at = 0;
  for (const j of order) {
    out += `${text.slice(at, spans[j])}"${MASK}"`;
    at = spans[j + 1];
  }
  return out + text.slice(at);
}

const KEY_ALTERNATIVES = [...SECRET_KEYS].map((k) => k.replace(/[-]/g, '\\-')).join('|');
/**
 * The raw-text fallback: `password=…`, `password: …`, `"password": …` and the same written inside a JSON
 * string (`\"password\":\"…\"`). Catches what structure cannot: broken bodies, JSON inside a string field.
 */
const SECRET_PATTERN = new RegExp(
  `(?<![A-Za-z0-9_\\-])((?:\\\\*["'])?)(${KEY_ALTERNATIVES})(\\1)(\\s*[:=]\\s*)(\\\\*"(?:(?!\\\\*").)*\\\\*"|'[^']*'|[^\\s,&;}\\]"'\\\\]+)`,
  'gi',
);

export function maskSecretPatterns(text: string): string {
  return text.replace(SECRET_PATTERN, (_m, q1: string, key: string, q2: string, sep: string, value: string) => {
    const quote = /^(\\*")/.exec(value)?.[1] ?? (value.startsWith("'") ? "'" : '');
    return `${q1}${key}${q2}${sep}${quote}${MASK}${quote}`;
  });
}

const looksLikeJson = (text: string) => /^\s*[[{"]/.test(text);

/** Any request body text: structure first (JSON or form pairs), then the pattern fallback, then card numbers left in any text. */
export function maskBodyText(text: string, contentType = ''): string {
  // Looked for once: masking writes only `***`, so no step after this one can make a card number appear.
  const cards = holdsCard(text);
  const structural = /json/i.test(contentType) || looksLikeJson(text) ? maskJsonText(cards ? maskJsonShapes(text) : text) : maskFormText(text);
  const masked = maskSecretPatterns(structural);
  return cards ? maskCards(masked) : masked;
}

/** A query string: its pairs by decoded key (`pass%77ord`, `user[password]`). */
export function maskQuery(query: string): string {
  return query ? maskFormText(query) : query;
}
