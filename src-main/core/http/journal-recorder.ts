// One masked journal entry per partner request, written when its response has finished.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { cut } from '../domain/journal';
import type { journalService } from '../domain/journal';
import { captureRequest } from '../journal/capture';
import type { PartnerLocals } from './partner-context';

export type Journal = ReturnType<typeof journalService>;

/** What the pipeline knows about a request beyond its locals: when and where it arrived. */
export interface JournalFacts {
  time: string;
  path: string;
  journal: Journal;
}

function responseBytes(res: ServerResponse, body: string | undefined): number {
  const declared = Number(res.getHeader('content-length'));
  return Number.isFinite(declared) && declared >= 0 ? declared : body ? Buffer.byteLength(body) : 0;
}

export function recordExchange(req: IncomingMessage, res: ServerResponse, locals: PartnerLocals, facts: JournalFacts): void {
  const responseHeaders: Record<string, string> = {};
  const headers = res.getHeaders();
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  const base = {
    time: facts.time,
    app: locals.app?.name ?? locals.appName,
    family: locals.family,
    endpoint: locals.endpoint?.id ?? null,
    method: req.method ?? '',
    path: facts.path,
    status: res.statusCode,
    duration_ms: Math.round((performance.now() - locals.started) * 100) / 100,
    response_headers: responseHeaders,
    response_bytes: responseBytes(res, locals.responseBody),
  };
  const resBody = cut(locals.responseBody ?? null);
  try {
    // The capture reads express-shaped fields; the pipeline sets the two it uses (originalUrl, body).
    const request = captureRequest(req as Request, res as Response);
    const reqBody = cut(request.body);
    facts.journal.record({
      ...base, query: request.query, request_headers: request.headers, request_body: reqBody.text, request_params: request.params,
      request_bytes: request.bytes, response_body: resBody.text, error: locals.error ?? null, truncated: reqBody.truncated || resBody.truncated,
    }, request.originals);
  } catch (err) {
    // Recording runs after the answer, on the 'finish' event: a throw here would take the process down.
    // The entry still lands, without the request side that could not be read.
    facts.journal.record({
      ...base, query: '', request_headers: {}, request_body: null, request_params: null, request_bytes: 0, response_body: resBody.text,
      error: `The journal could not record this request: ${(err as Error).message}`, truncated: resBody.truncated,
    });
  }
}
