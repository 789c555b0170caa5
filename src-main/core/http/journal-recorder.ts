// One masked journal entry per partner request, written when its response has finished.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { cut } from '../domain/journal';
import type { journalService } from '../domain/journal';
import { captureRequest, type CapturedRequest } from '../journal/capture';
import type { PartnerLocals } from './partner-context';

export type Journal = ReturnType<typeof journalService>;

/** What the pipeline knows about a request beyond its locals: when and where it arrived. */
export interface JournalFacts {
  time: string;
  path: string;
  /** The raw query string (after the first `?`). */
  query: string;
  journal: Journal;
}

function responseBytes(headers: Record<string, string>, body: string | undefined): number {
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) && declared >= 0 ? declared : body ? Buffer.byteLength(body) : 0;
}

/** Node's own table of a response's headers (`{name: [as set, value]}`), found once on the first response. */
let outHeaders: symbol | null | undefined; // undefined: not decided yet

/**
 * The response's headers as text, in a plain object. getHeaders() copies them into a prototype-less
 * object, which V8 keeps in dictionary mode: 2 µs to build and twice as slow to encode as a plain one.
 * Node's own table is read directly when it is where node has always kept it (checked once against
 * getHeaders()); otherwise getHeaders().
 */
function responseHeaders(res: ServerResponse): Record<string, string> {
  if (outHeaders === undefined) outHeaders = tableSymbol(res);
  const table = outHeaders ? (res as unknown as Record<symbol, unknown>)[outHeaders] : undefined;
  const headers: Record<string, string> = {};
  if (table === null) return headers; // nothing was set
  const fromTable = typeof table === 'object';
  const source = (fromTable ? table : res.getHeaders()) as Record<string, unknown>;
  for (const k in source) {
    const v = fromTable ? (source[k] as [string, unknown] | undefined)?.[1] : source[k];
    if (v !== undefined) headers[k] = typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : String(v);
  }
  return headers;
}

/**
 * The table's symbol, if this response's table reads exactly as getHeaders() does (a node that keeps it
 * elsewhere gets getHeaders()); undefined, to decide on a later response, while nothing was set.
 */
function tableSymbol(res: ServerResponse): symbol | null | undefined {
  const symbol = Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders');
  const table = symbol ? (res as unknown as Record<symbol, unknown>)[symbol] : undefined;
  if (symbol && table === null) return undefined;
  if (!symbol || !table || typeof table !== 'object') return null;
  const expected = res.getHeaders();
  const names = Object.keys(table);
  const same =
    names.length === Object.keys(expected).length &&
    names.every((k) => Array.isArray((table as Record<string, unknown>)[k]) && (table as Record<string, unknown[]>)[k][1] === expected[k]);
  return same ? symbol : null;
}

export function recordExchange(req: IncomingMessage, res: ServerResponse, locals: PartnerLocals, facts: JournalFacts): void {
  const headersSent = responseHeaders(res);
  const resBody = cut(locals.responseBody ?? null);
  let request: CapturedRequest | undefined;
  let failure: string | undefined;
  try {
    // The capture reads the parsed body where the body reader left it (req.body) and the locals.
    request = captureRequest(req as Request, res as Response, facts.query);
  } catch (err) {
    // Recording runs after the answer, on the 'finish' event: a throw here would take the process down.
    // The entry still lands, without the request side that could not be read.
    failure = `The journal could not record this request: ${(err as Error).message}`;
  }
  const reqBody = cut(request?.body ?? null);
  // One literal with every field: spreading a shared base into it cost ~9 µs an entry (the object went
  // through a slow copy-and-extend path).
  facts.journal.record({
    time: facts.time,
    app: locals.app?.name ?? locals.appName,
    family: locals.family,
    endpoint: locals.endpoint?.id ?? null,
    method: req.method ?? '',
    path: facts.path,
    status: res.statusCode,
    duration_ms: Math.round((performance.now() - locals.started) * 100) / 100,
    query: request?.query ?? '',
    request_headers: request?.headers ?? {},
    request_body: reqBody.text,
    request_params: request?.params ?? null,
    request_bytes: request?.bytes ?? 0,
    response_headers: headersSent,
    response_body: resBody.text,
    response_bytes: responseBytes(headersSent, locals.responseBody),
    error: failure ?? locals.error ?? null,
    truncated: reqBody.truncated || resBody.truncated,
  }, request?.originals);
}
