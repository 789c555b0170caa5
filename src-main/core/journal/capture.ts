// Turns a finished partner request into what the journal keeps: headers, query, body text (as sent) and
// multipart fields (as sent, in order), all masked, plus the unmasked values that masking replaced (kept
// in memory only, for an explicit credentials export).
import type { IncomingHttpHeaders } from 'node:http';
import type { JournalParam } from '../../../src-shared/control';
import type { RequestBody } from '../http/body';
import { maskBodyText, maskHeader, maskParams, maskQuery, MASK } from './masking';
import { Memo } from '../memo';
import type { Originals } from './originals';

export interface CapturedRequest {
  headers: Record<string, string>;
  query: string;
  body: string | null;
  params: JournalParam[] | null;
  bytes: number;
  originals: Originals | null;
}

/**
 * Nested form values back to `name`/`parent[child]` pairs; arrays repeat their name. An explicit stack, not
 * recursion. The journal itself records multipart fields as they were sent and no longer needs it; kept
 * for test/reliability/masking.test.ts, which still holds it to a deep form.
 */
export function flattenForm(body: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  const stack: [string, unknown][] = Object.entries(body).reverse();
  while (stack.length) {
    const [name, v] = stack.pop()!;
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push([name, v[i]]);
    else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([`${name}[${entries[i][0]}]`, entries[i][1]]);
    } else out.push([name, v === undefined || v === null ? '' : String(v)]);
  }
  return out;
}

interface BodyShown {
  text: string | null;
  raw: string | null;
  params: JournalParam[] | null;
  rawParams: JournalParam[] | null;
}
const NO_BODY_SHOWN: BodyShown = { text: null, raw: null, params: null, rawParams: null };

function bodyOf(body: RequestBody, contentType: string): BodyShown {
  if (body.kind === 'multipart') {
    const rawParams: JournalParam[] = body.fields.map(([name, value]) => ({ name, value }));
    if (body.image) {
      const f = body.image;
      // Small files keep their bytes (like bodies up to 64 KiB), so a HAR replay uploads what was sent.
      const content = f.data.length <= 64 * 1024 ? Buffer.from(f.data).toString('base64') : undefined;
      rawParams.push({ name: 'profile', fileName: f.originalName, contentType: f.declaredMime ?? f.mime, size: f.data.length, content_base64: content });
    }
    // By key and by shape (a card number and the CVC beside it), as JSON and form bodies are.
    const params = maskParams(rawParams);
    const shown = Object.fromEntries(params.map((p) => [p.name, p.fileName !== undefined ? `[file ${p.fileName}, ${p.contentType}, ${p.size} bytes]` : p.value]));
    return { text: JSON.stringify(shown, null, 2), raw: null, params, rawParams };
  }
  if (body.kind === 'text' && body.text !== '') return { text: maskBodyText(body.text, contentType), raw: body.text, params: null, rawParams: null };
  return NO_BODY_SHOWN;
}

// A client sends the same headers and queries again and again: each distinct value is masked once.
const maskedHeaderValue = new Memo(256, (value) => maskHeader('authorization', value));
/** 0: shown as sent, 1: an Authorization-like header (value masked by its scheme), 2: a secret (blanked). */
const headerKind = new Memo(512, (name): 0 | 1 | 2 => {
  const n = name.toLowerCase();
  return n === 'authorization' || n === 'proxy-authorization' ? 1 : maskHeader(n, 'x') === MASK ? 2 : 0;
}, 128);
const maskedQuery = new Memo(1024, maskQuery, 2048);
/** What masking replaced when that was only the Authorization header: one shared object per value. */
const authorizationOriginals = new Memo<Originals>(256, (value) => ({ headers: { authorization: value } }));

interface MaskedHeaders {
  headers: Record<string, string>;
  /** What masking replaced, when more than the Authorization header. */
  originals?: Record<string, string>;
  /** The raw Authorization header, when it is all that masking replaced. */
  onlyAuthorization?: string;
}

function maskHeaders(source: IncomingHttpHeaders): MaskedHeaders {
  const headers: Record<string, string> = {};
  let originals: Record<string, string> | undefined;
  let onlyAuthorization: string | undefined;
  for (const k in source) {
    const v = source[k];
    if (v === undefined) continue;
    const value = typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : String(v);
    const kind = headerKind.get(k);
    const shown = kind === 0 ? value : kind === 1 ? maskedHeaderValue.get(value) : MASK;
    headers[k] = shown;
    if (shown === value) continue;
    if (k === 'authorization' && !originals) onlyAuthorization = value;
    else {
      originals ??= onlyAuthorization === undefined ? {} : { authorization: onlyAuthorization };
      onlyAuthorization = undefined;
      originals[k] = value;
    }
  }
  return { headers, originals, onlyAuthorization };
}

/**
 * A client sends the same header set request after request: each distinct set is masked once and its
 * masked object shared (frozen) by every entry that had it, which also lets a batch store it once.
 * The last few sets are kept as name/value lists and compared in place, string by string: cheaper than
 * building a key to look up (which cost ~2 µs a request).
 */
interface KnownSet {
  pairs: string[];
  masked: MaskedHeaders;
}
const KNOWN_SETS = 8;
const knownSets: KnownSet[] = [];

function isSet(source: IncomingHttpHeaders, pairs: readonly string[]): boolean {
  let i = 0;
  for (const k in source) {
    if (pairs[i] !== k || pairs[i + 1] !== source[k]) return false;
    i += 2;
  }
  return i === pairs.length;
}

function maskedHeadersOf(source: IncomingHttpHeaders): MaskedHeaders {
  for (let i = 0; i < knownSets.length; i++) {
    const known = knownSets[i];
    if (!isSet(source, known.pairs)) continue;
    if (i > 0) {
      knownSets.splice(i, 1);
      knownSets.unshift(known); // the most recent set is tried first
    }
    return known.masked;
  }
  const masked = maskHeaders(source);
  const pairs: string[] = [];
  for (const k in source) {
    const v = source[k];
    if (typeof v !== 'string') return masked; // a repeated header (an array): not worth remembering
    pairs.push(k, v);
  }
  Object.freeze(masked.headers);
  knownSets.unshift({ pairs, masked });
  if (knownSets.length > KNOWN_SETS) knownSets.pop();
  return masked;
}

/** `rawQuery`: the request's query string as the pipeline split it off the URL (after the first `?`); `requestBody`: as the body reader read it. */
export function captureRequest(requestHeaders: IncomingHttpHeaders, requestBody: RequestBody, rawQuery: string): CapturedRequest {
  const { headers, originals: originalHeaders, onlyAuthorization } = maskedHeadersOf(requestHeaders);
  const query = rawQuery === '' ? rawQuery : maskedQuery.get(rawQuery);
  const contentType = requestHeaders['content-type'] ?? '';
  const body = bodyOf(requestBody, contentType);
  const declared = Number(requestHeaders['content-length']);
  const bytes = Number.isFinite(declared) && declared >= 0 ? declared : body.raw !== null ? Buffer.byteLength(body.raw) : 0;

  const plainRequest = query === rawQuery && (body.raw === null || body.text === body.raw) && !body.rawParams;
  if (plainRequest && !originalHeaders) {
    // The usual partner call: nothing but the Basic credentials were masked.
    const originals = onlyAuthorization === undefined ? null : authorizationOriginals.get(onlyAuthorization);
    return { headers, query, body: body.text, params: body.params, bytes, originals };
  }
  const originals: Originals = {};
  if (originalHeaders) originals.headers = originalHeaders;
  else if (onlyAuthorization !== undefined) originals.headers = { authorization: onlyAuthorization };
  if (query !== rawQuery) originals.query = rawQuery;
  if (body.raw !== null && body.text !== body.raw) originals.body = body.raw;
  if (body.rawParams && body.params?.some((p, i) => p.value !== body.rawParams![i].value)) originals.params = body.rawParams;
  return { headers, query, body: body.text, params: body.params, bytes, originals: Object.keys(originals).length ? originals : null };
}

/**
 * Forgets every remembered header and query value: they hold credentials as sent (in memory only), which
 * must not outlive the journal entries they were remembered for (a cleared journal, a reset).
 */
export function forgetRememberedValues(): void {
  maskedHeaderValue.clear();
  maskedQuery.clear();
  authorizationOriginals.clear();
  knownSets.length = 0;
}
