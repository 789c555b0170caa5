// What the journal never keeps (behaviour §14, issue 12 item 8): secrets are blanked by key, in parsed
// bodies, in raw JSON text (keys decoded, so `pass\u0077ord` is found), in query strings and form bodies,
// and in headers. Every walk here is a loop over the text or an explicit stack: a body nested
// 1,000,000 deep is just a long string to these functions, never a deep call stack.

export const MASK = '***';

/** Body and query keys whose values are secrets (compared lowercase, last bracket segment: `card[number]`). */
const SECRET_KEYS = new Set([
  'password', 'password_confirmation', 'current_password', 'new_password', 'passwd',
  'number', 'card_number', 'cvc', 'cvv',
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

/** Replaces secret fields anywhere in a parsed body; iterative, so depth costs heap, not stack. */
export function maskBody(body: unknown): unknown {
  const copy = (v: unknown): unknown => (Array.isArray(v) ? new Array(v.length) : v && typeof v === 'object' ? {} : v);
  const root = copy(body);
  const stack: [unknown, unknown][] = root !== body ? [[body, root]] : [];
  while (stack.length) {
    const [src, dst] = stack.pop()!;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      const masked = !Array.isArray(src) && isSecretKey(k) ? MASK : copy(v);
      (dst as Record<string, unknown>)[k] = masked;
      if (masked !== v && masked !== MASK) stack.push([v, masked]);
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
 * decoded text holds a secret pattern (JSON sent as a form, `note=password%3Dx`) is masked decoded and re-encoded.
 */
export function maskFormText(text: string): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq >= 0 ? pair.slice(0, eq) : pair;
      const key = decodeFormComponent(rawKey);
      if (eq > 0 && isSecretKey(key)) return `${rawKey}=${MASK}`;
      const value = eq >= 0 ? decodeFormComponent(pair.slice(eq + 1)) : '';
      const [k, v] = [maskSecretPatterns(key), maskSecretPatterns(value)];
      if (k === key && v === value) return pair;
      return eq >= 0 ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : encodeURIComponent(k);
    })
    .join('&');
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

/** Any request body text: structure first (JSON or form pairs), then the pattern fallback. */
export function maskBodyText(text: string, contentType = ''): string {
  const structural = /json/i.test(contentType) || looksLikeJson(text) ? maskJsonText(text) : maskFormText(text);
  return maskSecretPatterns(structural);
}

/** A query string: its pairs by decoded key (`pass%77ord`, `user[password]`). */
export function maskQuery(query: string): string {
  return query ? maskFormText(query) : query;
}
