// The express host's error boundary for every route that has none of its own (pet media, the static UI, unknown
// routes): a bad %-escape is 400, an unsupported charset 415, and nothing ever answers with a stack trace or
// express's HTML error page (which named install paths, to any client under `--host 0.0.0.0`).
import type { NextFunction, Request, Response } from 'express';
import { sendFailure } from './envelope';

/** The 4xx status express or its body readers attached to an error, if any (URIError from a param: 400). */
export function clientErrorStatus(err: unknown): number | undefined {
  const e = err as { status?: unknown; statusCode?: unknown } | null;
  const status = Number(e?.status ?? e?.statusCode);
  if (err instanceof URIError) return 400;
  return Number.isInteger(status) && status >= 400 && status < 500 ? status : undefined;
}

const MESSAGES: Record<number, string> = {
  400: 'Bad Request: the address has a malformed %-escape.',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
};

export function lastResort(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) return void res.destroy();
  const status = clientErrorStatus(err);
  if (status) return sendFailure(res, status, [MESSAGES[status] ?? 'Bad Request']);
  console.error('request error:', err);
  sendFailure(res, 500, ['Server Error']);
}
