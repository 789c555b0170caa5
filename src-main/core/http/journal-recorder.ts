// Wraps every partner request: captures the response body, stamps the common headers,
// and writes one masked journal entry when the response is finished.
import type { NextFunction, Request, Response } from 'express';
import { formatTimestamp } from '../clock';
import { cut, maskAuthorization, maskBody } from '../domain/journal';
import type { journalService } from '../domain/journal';
import { partnerLocals } from './partner-context';
import { ensureRateHeaders, type SimClockStore } from './rate-limit';

function requestHeaders(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(', ') : v;
    out[k] = k === 'authorization' ? maskAuthorization(value) : k === 'cookie' ? '***' : value;
  }
  return out;
}

function requestBody(req: Request, res: Response): string | null {
  const locals = partnerLocals(res);
  const body = req.body as unknown;
  if (body && typeof body === 'object' && Object.keys(body).length) {
    const shown = maskBody(body) as Record<string, unknown>;
    if (locals.file) shown.profile = `[file ${locals.file.originalName}, ${locals.file.mime}, ${locals.file.data.length} bytes]`;
    return JSON.stringify(shown, null, 2);
  }
  if (locals.rawBody) {
    // Unparseable JSON: show it as it came, with secrets blanked by pattern.
    return locals.rawBody.replace(/("(?:password|number|cvc|api_key)"\s*:\s*)"[^"]*"/g, '$1"***"');
  }
  return null;
}

export function journalRecorder(journal: ReturnType<typeof journalService>, store: SimClockStore, now: () => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = partnerLocals(res);
    locals.started = performance.now();
    locals.family = null;
    locals.appName = null;
    const time = formatTimestamp(now());
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
      const reqBody = cut(requestBody(req, res));
      const resBody = cut(locals.responseBody ?? null);
      const q = req.originalUrl.indexOf('?');
      journal.record({
        time,
        app: locals.app?.name ?? locals.appName,
        family: locals.family,
        endpoint: locals.endpoint?.id ?? null,
        method: req.method,
        path: req.path,
        query: q >= 0 ? req.originalUrl.slice(q + 1) : '',
        status: res.statusCode,
        duration_ms: Math.round((performance.now() - locals.started) * 100) / 100,
        request_headers: requestHeaders(req),
        request_body: reqBody.text,
        response_headers: responseHeaders,
        response_body: resBody.text,
        error: locals.error ?? null,
        truncated: reqBody.truncated || resBody.truncated,
      });
    });
    next();
  };
}
