// *Copy as cURL* and *Copy as fetch*: the request as it was sent, from the journal entry the control API
// returns with `credentials=include` (GET /requests/:id). While the process that saw the request runs, that
// entry carries the credentials and secrets as sent (a wrong password included, so the copy gets the same
// 401); once it no longer knows them (`credentials: 'masked'`), each one becomes a visible placeholder such
// as `<password as sent>`. Never another secret, such as the app's current one: a copy must not answer
// differently from the request it copies.
import type { JournalEntry, JournalParam } from '../store/shared';

export type SentEntry = JournalEntry & { credentials?: 'as_sent' | 'masked' };

/** Headers the client writes itself, or that no longer fit the journaled body (it keeps a compressed body decoded). */
const SKIP = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'expect', 'accept-encoding', 'content-encoding', 'user-agent']);
const MASK = '***';
const placeholder = (name: string) => `<${name} as sent>`;

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** Masked values that memory no longer holds, as placeholders; the rest as they were. */
export function unmaskedText(text: string, e: SentEntry): string {
  if (e.credentials !== 'masked') return text;
  return text
    .replace(/"([^"\\]+)"(\s*:\s*)"\*\*\*"/g, (_m, key: string, colon: string) => `"${key}"${colon}"${placeholder(key)}"`)
    .replace(/(^|&)([^=&]+)=\*\*\*(?=&|$)/g, (_m, amp: string, key: string) => `${amp}${key}=${placeholder(decoded(key))}`);
}

const url = (e: SentEntry, base: string) => `${base}${e.path}${e.query ? `?${unmaskedText(e.query, e)}` : ''}`;

/** `Basic …` as user and password, when it is one and reads as text; a masked one keeps its username. */
function basicOf(value: string, e: SentEntry): [string, string] | undefined {
  const masked = /^Basic (.*):\*\*\*$/.exec(value);
  if (masked && e.credentials === 'masked') return [masked[1], placeholder('password')];
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value);
  if (!m) return undefined;
  let text: string;
  try {
    text = new TextDecoder().decode(Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0)));
  } catch {
    return undefined; // not base64 after all: sent again as the header it was
  }
  const colon = text.indexOf(':');
  return colon < 0 || /[\x00-\x1f\ufffd]/.test(text) ? undefined : [text.slice(0, colon), text.slice(colon + 1)];
}

/** The headers to send again; a masked value other than Basic credentials (toCurl and toFetch write those) as its placeholder. */
export function headersOf(e: SentEntry): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(e.request_headers)) {
    if (SKIP.has(k) || (k === 'content-type' && e.request_params)) continue; // multipart: the client writes its own boundary
    const masked = e.credentials === 'masked' && (v === MASK || (k.endsWith('authorization') && v.endsWith(MASK) && !basicOf(v, e)));
    out.push([k, masked ? placeholder(k) : v]);
  }
  return out;
}

const paramValue = (p: JournalParam, e: SentEntry) => (e.credentials === 'masked' && p.value === MASK ? placeholder(p.name) : (p.value ?? ''));

/** Bytes a terminal acts on when pasted (Ctrl-C, Ctrl-U, ESC, …) and CR (the tty turns it into LF). */
const TTY_ACTIVE = /[\x00-\x08\x0b-\x1f\x7f]/;

/**
 * One shell word that is exactly `s`. POSIX single quotes keep every byte but `'`; a string with bytes a terminal
 * acts on when pasted is written as `$'…'` (bash, zsh, ksh, POSIX.1-2024 sh) with those bytes as `\xHH`, so pasting
 * the command can neither end the line early nor change what it sends.
 */
export function shellQuote(s: string): string {
  if (!TTY_ACTIVE.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  const escaped = s.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `$'${escaped}'`;
}

export function toCurl(e: SentEntry, base: string): string {
  const parts = [`curl -X ${shellQuote(e.method)} ${shellQuote(url(e, base))}`];
  for (const [k, v] of headersOf(e)) {
    const basic = k === 'authorization' ? basicOf(v, e) : undefined;
    parts.push(basic ? `-u ${shellQuote(`${basic[0]}:${basic[1]}`)}` : `-H ${shellQuote(`${k}: ${v}`)}`);
  }
  if (e.request_params) {
    // A file part names a local file of the same name and type: small files are journaled, not copied here.
    for (const p of e.request_params) {
      parts.push(p.fileName !== undefined ? `-F ${shellQuote(`${p.name}=@${p.fileName};type=${p.contentType}`)}` : `--form-string ${shellQuote(`${p.name}=${paramValue(p, e)}`)}`);
    }
  } else if (e.request_body !== null) parts.push(`--data-raw ${shellQuote(unmaskedText(e.request_body, e))}`);
  return parts.join(' \\\n  ');
}

/**
 * A JavaScript string literal that is exactly `s`: JSON.stringify escapes quotes, backslashes and C0 controls; the two
 * line terminators JSON leaves as they are (U+2028, U+2029) are escaped too, for consoles and tools older than ES2019.
 * Request text is only ever written through this, never into a comment.
 */
export const js = (s: string) => JSON.stringify(s).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function toFetch(e: SentEntry, base: string): string {
  const headers = headersOf(e).map(([k, v]) => {
    // As sent: the header's own value. Forgotten: the username with a placeholder, encoded as the client would.
    const basic = k === 'authorization' && e.credentials === 'masked' ? basicOf(v, e) : undefined;
    return `    ${js(k)}: ${basic ? `'Basic ' + btoa(${js(`${basic[0]}:${basic[1]}`)})` : js(v)},`;
  });
  const lines: string[] = [];
  let body: string | undefined;
  if (e.request_params) {
    lines.push('const form = new FormData();');
    for (const p of e.request_params) {
      lines.push(p.fileName !== undefined
        ? `form.append(${js(p.name)}, new File([/* this file's bytes */], ${js(p.fileName)}, { type: ${js(p.contentType ?? 'application/octet-stream')} }));`
        : `form.append(${js(p.name)}, ${js(paramValue(p, e))});`);
    }
    body = 'form';
  } else if (e.request_body !== null) {
    // The sender chose these bytes: a comment would end at their first line terminator, so they stay a string.
    if (e.method === 'GET' || e.method === 'HEAD') lines.push(`// fetch() sends no body with ${e.method}; this request's body was:`, `const bodyNotSent = ${js(unmaskedText(e.request_body, e))};`);
    else body = js(unmaskedText(e.request_body, e));
  }
  lines.push(`await fetch(${js(url(e, base))}, {`, `  method: ${js(e.method)},`);
  if (headers.length) lines.push('  headers: {', ...headers, '  },');
  if (body) lines.push(`  body: ${body},`);
  lines.push('});');
  return lines.join('\n');
}
