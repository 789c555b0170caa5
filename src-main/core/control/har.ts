// The journal as a HAR 1.2 log, for browser dev tools, HAR viewers and replay tools.
// Masked by default, bearer tokens in response bodies and control calls' bodies included. `credentials: true`
// puts back what masking replaced, from process memory when the entry is recent enough, else the app's
// current Basic credentials and api_key.
import { isControlPath } from '../journal';
import { STATUS_CODES } from '../http/node-http';
import type { AppRecord, JournalEntry } from '../../../src-shared/control';
import { asSent } from '../journal/as-sent';
import { isoJournalTime } from '../journal/time';
import type { Originals } from '../journal/originals';
import { redactBearerTokens } from './bearer-redaction';
import { BODY_CAP, type ControlCall } from './control-calls';

export interface HarOptions {
  baseUrl: string;
  version: string;
  /** Only with an explicit `credentials=include`: the unmasked values and the app lookup. */
  credentials?: { unmasked: (id: number) => Originals | undefined; app: (name: string) => AppRecord | undefined };
  /** Only with an explicit `control=include`: state-changing control calls, put between the partner requests they came between. */
  controlCalls?: readonly ControlCall[];
}

const headerList = (h: Record<string, string>) => Object.entries(h).map(([name, value]) => ({ name, value }));

/** `Basic demo:***` → the app's Basic credentials, when the username is the app's (by name or id). */
function basicFor(masked: string, app: AppRecord | undefined): string | undefined {
  const m = /^Basic (.*):\*\*\*$/.exec(masked);
  if (!m || !app || (m[1] !== app.api_username && m[1] !== String(app.id))) return undefined;
  return `Basic ${Buffer.from(`${m[1]}:${app.api_token}`).toString('base64')}`;
}

const withApiKey = (text: string, key: string) =>
  text
    .replace(/("api_key"\s*:\s*)"\*\*\*"/g, (_m, head: string) => `${head}${JSON.stringify(key)}`)
    .replace(/(^|&)(api_key=)\*\*\*(?=&|$)/g, (_m, amp: string, head: string) => `${amp}${head}${encodeURIComponent(key)}`);

/**
 * The entry as it was sent, as far as this process can tell: what it still holds in memory (as-sent.ts),
 * then, for a replay that must not fail where the original passed, the app's current credentials.
 */
function unmask(e: JournalEntry, opts: NonNullable<HarOptions['credentials']>): JournalEntry {
  const { credentials: known, ...sent } = asSent(e, opts.unmasked(e.id));
  if (known === 'as_sent') return sent;
  const app = e.app ? opts.app(e.app) : undefined;
  const headers = { ...sent.request_headers };
  if (headers.authorization) headers.authorization = basicFor(headers.authorization, app) ?? headers.authorization;
  const key = app?.api_key;
  const params = sent.request_params?.map((p) => (key && p.name === 'api_key' && p.value === '***' ? { ...p, value: key } : p)) ?? null;
  return {
    ...sent,
    request_headers: headers,
    query: key ? withApiKey(sent.query, key) : sent.query,
    request_body: key && sent.request_body ? withApiKey(sent.request_body, key) : sent.request_body,
    request_params: params,
  };
}

/**
 * A file part's bytes as its HAR `value` ("value of a posted parameter or content of a posted file").
 * HAR values are strings and params have no `encoding` (only a response's content does), so the bytes are
 * a binary string: one character per byte, U+0000–U+00FF (Node's 'latin1'; the convention of atob and
 * FileReader.readAsBinaryString). It is the one mapping that is lossless for any bytes and asks the reader
 * to guess nothing: a replayer gets the bytes back with Buffer.from(value, 'latin1'), or in a browser
 * Uint8Array.from(value, (c) => c.charCodeAt(0)); an ASCII file reads as itself. Writing valid UTF-8 as
 * text instead would make the reader guess which of the two a value is, and would not help the images
 * this API takes: their first bytes are never UTF-8 (PNG starts 0x89, JPEG 0xFF), so a replayer that
 * UTF-8-encodes every value (as it would a text field) cannot upload them from any string.
 * Files over 64 KiB are not journaled (capture.ts): their value is empty, `_size` says what was sent.
 */
const fileValue = (base64: string | undefined) => (base64 ? Buffer.from(base64, 'base64').toString('latin1') : '');

function postData(e: JournalEntry) {
  const mimeType = e.request_headers['content-type'] ?? 'application/json';
  if (e.request_params) {
    // `_content` (base64) is the same bytes, kept for readers of earlier exports.
    const params = e.request_params.map((p) =>
      p.fileName !== undefined
        ? { name: p.name, value: fileValue(p.content_base64), fileName: p.fileName, contentType: p.contentType ?? 'application/octet-stream', _size: p.size ?? 0, ...(p.content_base64 ? { _content: p.content_base64 } : {}) }
        : { name: p.name, value: p.value ?? '' },
    );
    return { postData: { mimeType, params } };
  }
  return e.request_body !== null ? { postData: { mimeType, text: e.request_body } } : {};
}

/** The response as sent, its bearer tokens (`rtcToken`, `token`) as `***` unless credentials were asked for. */
const responseText = (body: string | null, opts: HarOptions) => (body === null ? '' : opts.credentials ? body : redactBearerTokens(body));

function partnerEntry(masked: JournalEntry, opts: HarOptions) {
  const e = opts.credentials ? unmask(masked, opts.credentials) : masked;
  const url = `${opts.baseUrl}${e.path}${e.query ? `?${e.query}` : ''}`;
  return {
    startedDateTime: new Date(Date.parse(isoJournalTime(e.time)) || 0).toISOString(),
    time: e.duration_ms,
    request: {
      method: e.method, url, httpVersion: 'HTTP/1.1', cookies: [], headers: headerList(e.request_headers),
      queryString: [...new URLSearchParams(e.query)].map(([name, value]) => ({ name, value })),
      ...postData(e),
      headersSize: -1, bodySize: e.request_bytes,
    },
    response: {
      status: e.status, statusText: STATUS_CODES[e.status] ?? '', httpVersion: 'HTTP/1.1', cookies: [], headers: headerList(e.response_headers),
      content: { size: e.response_bytes, mimeType: e.response_headers['content-type'] ?? 'application/json', text: responseText(e.response_body, opts) },
      redirectURL: '', headersSize: -1, bodySize: e.response_bytes,
    },
    cache: {},
    timings: { send: 0, wait: e.duration_ms, receive: 0 },
    // A refused call says why in the comment (simulator-only: the client never got it), as the request detail does.
    comment: [[e.endpoint, e.app].filter(Boolean).join(' '), whyText(e.why)].filter(Boolean).join(' — '),
  };
}

/** "Summary. Label: text. Label: text." — the why of a refused call on one line. */
function whyText(why: JournalEntry['why']): string {
  if (!why) return '';
  return [why.summary, ...why.details.map((d) => `${d.label}: ${d.text}`)].map((t) => t.replace(/\.?$/, '.')).join(' ');
}

/**
 * A vet action or other control call; its response body is not kept (only the status matters to a replay). Its
 * body is masked as a partner body is, unless credentials were asked for; a body cut at 64 KiB says so.
 */
function controlEntry(kept: ControlCall, opts: HarOptions) {
  const c = opts.credentials && kept.sent ? { ...kept, ...kept.sent } : kept;
  const url = new URL(c.url, opts.baseUrl);
  const headers = c.contentType ? [{ name: 'content-type', value: c.contentType }] : [];
  return {
    startedDateTime: c.time,
    time: c.duration_ms,
    request: {
      method: c.method, url: url.href, httpVersion: 'HTTP/1.1', cookies: [], headers,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(c.body !== null ? { postData: { mimeType: c.contentType ?? 'application/json', text: c.body } } : {}),
      headersSize: -1, bodySize: c.body === null ? 0 : Buffer.byteLength(c.body),
    },
    response: {
      status: c.status, statusText: STATUS_CODES[c.status] ?? '', httpVersion: 'HTTP/1.1', cookies: [], headers: [],
      content: { size: 0, mimeType: 'application/json', text: '' }, redirectURL: '', headersSize: -1, bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: c.duration_ms, receive: 0 },
    comment: c.body_cut ? `control API; body cut at ${BODY_CAP / 1024} KiB` : 'control API',
    ...(c.body_cut ? { _bodyCut: true } : {}),
  };
}

export function toHar(entries: JournalEntry[], opts: HarOptions) {
  // Journal entries come oldest first; each control call goes right after the newest entry it followed.
  const calls = opts.controlCalls ?? [];
  const out: (ReturnType<typeof partnerEntry> | ReturnType<typeof controlEntry>)[] = [];
  let next = 0;
  for (const e of entries) {
    while (next < calls.length && calls[next].afterJournalId < e.id) out.push(controlEntry(calls[next++], opts));
    // An agent's control call journaled as its own entry (behaviour §21) is no partner request: a replay must not
    // send it as one (with control=include, the control call log carries it).
    if (isControlPath(e.path)) continue;
    out.push(partnerEntry(e, opts));
  }
  while (next < calls.length) out.push(controlEntry(calls[next++], opts));
  return {
    log: {
      version: '1.2',
      creator: { name: 'Vet Consult Simulator', version: opts.version },
      entries: out,
    },
  };
}
