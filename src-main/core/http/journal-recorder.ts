// Wraps every partner request: captures the response body, stamps the common headers,
// and writes one masked journal entry when the response is finished.
import type { NextFunction, Request, Response } from 'express';
import { cut } from '../domain/journal';
import type { journalService } from '../domain/journal';
import { captureRequest } from '../journal/capture';
import { journalTime } from '../journal/time';
import { partnerLocals } from './partner-context';
import { ensureRateHeaders, type SimClockStore } from './rate-limit';

function responseBytes(res: Response, body: string | undefined): number {
  const declared = Number(res.getHeader('content-length'));
  return Number.isFinite(declared) && declared >= 0 ? declared : body ? Buffer.byteLength(body) : 0;
}

export function journalRecorder(journal: ReturnType<typeof journalService>, store: SimClockStore, now: () => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = partnerLocals(res);
    locals.started = performance.now();
    locals.family = null;
    locals.appName = null;
    const time = journalTime(now());
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      if (!res.headersSent) {
        ensureRateHeaders(res, store);
        if (!res.getHeader('cache-control')) res.setHeader('cache-control', 'no-cache, private');
      }
      if (typeof body === 'string') locals.responseBody = body;
      else if (Buffer.isBuffer(body)) locals.responseBody = body.toString('utf8');
      return send(body as never);
    };
    res.on('finish', () => {
      const responseHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.getHeaders())) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : String(v);
      const base = {
        time,
        app: locals.app?.name ?? locals.appName,
        family: locals.family,
        endpoint: locals.endpoint?.id ?? null,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        duration_ms: Math.round((performance.now() - locals.started) * 100) / 100,
        response_headers: responseHeaders,
        response_bytes: responseBytes(res, locals.responseBody),
      };
      const resBody = cut(locals.responseBody ?? null);
      try {
        const request = captureRequest(req, res);
        const reqBody = cut(request.body);
        journal.record({
          ...base, query: request.query, request_headers: request.headers, request_body: reqBody.text, request_params: request.params,
          request_bytes: request.bytes, response_body: resBody.text, error: locals.error ?? null, truncated: reqBody.truncated || resBody.truncated,
        }, request.originals);
      } catch (err) {
        // Recording runs after the answer, on the 'finish' event: a throw here would take the process down.
        // The entry still lands, without the request side that could not be read.
        journal.record({
          ...base, query: '', request_headers: {}, request_body: null, request_params: null, request_bytes: 0, response_body: resBody.text,
          error: `The journal could not record this request: ${(err as Error).message}`, truncated: resBody.truncated,
        });
      }
    });
    next();
  };
}
