// Step 6: the request's input, read the way the Laravel service reads it (behaviour §4): the query
// string merged with a JSON (≤ 1 MiB), urlencoded or multipart (image ≤ 5 MiB) body on every endpoint,
// then one normalisation pass (laravel-input.ts). One reader for the three bodies: each gives either a
// value (JSON) or name/value pairs (a form, multipart's fields), and every nesting is bounded where the
// tree is built (JSON from its text, pairs from their names), before anything walks it.
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { JSON_LIMIT } from './body-limits';
import { NOT_UTF8_REASON, unreadableJsonNote, unreadBodyNote } from './body-notes';
import { canDecode, decodeText, readBytes } from './body-text';
import { nestPairs, normaliseInput, type Bag } from './laravel-input';
import { mediaTypeOf, parameterOf } from './media-type';
import type { MultipartBody } from './multipart';
import { isJsonContentType, parseJsonText, UnreadableJson } from './plain-json';
import { loadOnce } from '../load-once';

/** A request's body as read, for the journal: its text as sent (JSON, urlencoded), or a form's fields and image. */
export type RequestBody = { kind: 'none' } | { kind: 'text'; text: string } | ({ kind: 'multipart' } & MultipartBody);

export const NO_BODY: RequestBody = Object.freeze({ kind: 'none' });

/**
 * The request the reader reads and what it fills in: the body as soon as there is one (the journal shows
 * what arrived even when reading fails midway), the normalised input at the end.
 */
export interface InputReading {
  readonly req: IncomingMessage;
  /** The raw query string (after the first `?`). */
  readonly query: string;
  body: RequestBody;
  input?: Bag;
  /** What the journal should say went wrong with a request that is still answered (a body that was not JSON). */
  error?: string;
}

/** busboy, on the first multipart request (a cold start answers its first GET without it, issue 14). */
const loadMultipart = loadOnce(() => import('./multipart'));

/** Whether a request has a body, as type-is's hasBody says: a transfer-encoding, or a content-length that is a number. */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || !isNaN(req.headers['content-length'] as unknown as number);
/** PHP reads form and multipart bodies of POST-like requests only; a JSON body is read on any method. */
const readsFormBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD';

/** The charset a Content-Type names, lower-cased; UTF-8 when it names none. */
export const charsetOf = (contentType: string | undefined) => (parameterOf(contentType, 'charset') ?? 'utf-8').toLowerCase();

/**
 * A JSON body's value as Laravel's `json_decode($request->getContent())` reads it: the bytes as sent, whatever
 * the Content-Encoding and the charset (both ignored, behaviour §4); bytes that are not UTF-8, a byte-order mark
 * or a syntax error give no input, and the journal says why.
 */
async function readJson(r: InputReading): Promise<{ value: unknown } | undefined> {
  const bytes = await readBytes(r.req, JSON_LIMIT);
  // As sent: the journal shows a byte-order mark, and bytes that are not UTF-8 as U+FFFD.
  const text = bytes.toString('utf8');
  r.body = { kind: 'text', text };
  const value = isUtf8(bytes) ? parseJsonText(text) : new UnreadableJson(NOT_UTF8_REASON);
  if (!(value instanceof UnreadableJson)) return { value };
  r.error = unreadableJsonNote(value.reason, r.req.headers);
  return undefined; // Laravel's json_decode gives null: no input from the body; the query string still counts
}

/** A body Laravel reads nothing from, kept for the journal (its first JSON_LIMIT bytes), with why it was not read. */
async function keepUnread(r: InputReading, form: boolean): Promise<undefined> {
  const bytes = await readBytes(r.req, JSON_LIMIT, 'dropped');
  if (!bytes.length) return undefined;
  if (!form) r.body = { kind: 'text', text: bytes.toString('utf8') };
  r.error = unreadBodyNote(r.req.headers, r.req.method, form);
  return undefined;
}

/** The body's value (JSON) or pairs (form, multipart), or undefined when there is none to read as input. */
async function readBody(r: InputReading): Promise<{ value: unknown } | { pairs: Iterable<[string, string]> } | undefined> {
  const { req } = r;
  // No body at all (a GET): nothing to read.
  if (!hasBody(req)) return undefined;
  const contentType = req.headers['content-type'];
  const media = mediaTypeOf(contentType);
  if (media === 'multipart/form-data' && readsFormBody(req)) {
    const body: RequestBody = { kind: 'multipart', fields: [] };
    r.body = body;
    await (await loadMultipart()).readMultipart(req, body);
    return { pairs: body.fields };
  }
  if (isJsonContentType(contentType)) return readJson(r);
  if (media === 'application/x-www-form-urlencoded') {
    // PHP parses the bytes whatever the charset; one Node cannot decode is read as UTF-8, never refused.
    const charset = charsetOf(contentType);
    const text = decodeText(await readBytes(req, JSON_LIMIT), canDecode(charset) ? charset : 'utf-8');
    r.body = { kind: 'text', text }; // the journal and a HAR replay keep the text as sent, even of a GET
    if (!readsFormBody(req)) {
      if (text) r.error = unreadBodyNote(req.headers, req.method, true);
      return undefined;
    }
    // PHP's bracket rules, not qs's, and a bounded depth (nestPairs), below.
    return { pairs: new URLSearchParams(text) };
  }
  // Any other type (text/plain, none, multipart on a GET): Laravel reads no input from it either.
  return keepUnread(r, media === 'multipart/form-data');
}

/** The request's input (query ∪ body, normalised) into `r.input`; throws the envelope's errors. */
export async function readInput(r: InputReading): Promise<void> {
  const body = await readBody(r);
  const query = r.query ? nestPairs(new URLSearchParams(r.query), 'query string') : {};
  r.input = normaliseInput(query, body === undefined ? undefined : 'pairs' in body ? nestPairs(body.pairs, 'request body') : body.value);
}

/**
 * The input a request gives (query and body), read again from the query string and what the journal kept of the
 * body: for a request refused before its input was read (a fault rule, the rate limit), whose journal entry still
 * names the consultation it was about. Throws as reading it would.
 */
export function inputOf(req: IncomingMessage, rawQuery: string, body: RequestBody): Bag {
  const query = rawQuery ? nestPairs(new URLSearchParams(rawQuery), 'query string') : {};
  if (body.kind === 'multipart') return normaliseInput(query, nestPairs(body.fields, 'request body'));
  if (body.kind !== 'text') return normaliseInput(query, undefined);
  const contentType = req.headers['content-type'];
  if (isJsonContentType(contentType)) {
    const value = parseJsonText(body.text);
    return normaliseInput(query, value instanceof UnreadableJson ? undefined : value);
  }
  const form = readsFormBody(req) && mediaTypeOf(contentType) === 'application/x-www-form-urlencoded';
  return normaliseInput(query, form ? nestPairs(new URLSearchParams(body.text), 'request body') : undefined);
}
