// The owner page's one error boundary (behaviour §16), as the partner and control APIs have theirs: whatever
// went wrong on a path of the page or its API answers with a status and a sentence, never a stack trace, before
// or after the token check. The API answers JSON in the control API's shape; the page itself a readable page.
import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors';
import { clientErrorStatus } from '../http/last-resort';
import { ownerErrorPage } from './error-page';
import { OwnerRefusal } from '../domain/owner-refusal';

const OWNER_API = /^\/[^/]+\/main\/talk-to-vet\/api(?:\/|$)/;
const OWNER_PAGE = /^\/[^/]+\/main\/talk-to-vet\/?$/;

/** A refusal as status, code, sentence and headers; undefined for a fault of the simulator's own. */
function refusalOf(err: unknown): OwnerRefusal | undefined {
  if (err instanceof OwnerRefusal) return err;
  if (err instanceof DomainError) {
    const code = err.code ?? ({ 404: 'not_found', 409: 'conflict', 422: 'invalid', 429: 'too_many_messages' } as Record<number, string>)[err.status] ?? 'error';
    return new OwnerRefusal(err.status, code, err.messages.join(' '), err.headers);
  }
  // A bad %-escape in the address (express decodes `:app` and `:sid` before any handler runs).
  const status = clientErrorStatus(err);
  if (status === 400) return new OwnerRefusal(400, 'malformed_url', 'The address has a malformed %-escape.');
  if (status) return new OwnerRefusal(status, 'bad_request', 'Bad Request');
  return undefined;
}

export function ownerErrors(err: unknown, req: Request, res: Response, next: NextFunction): void {
  const api = OWNER_API.test(req.path);
  if (!api && !OWNER_PAGE.test(req.path)) return next(err);
  if (res.headersSent) return void res.destroy();
  const refusal = refusalOf(err);
  if (!refusal) console.error('owner page error:', err);
  const { status, code, message, headers } = refusal ?? new OwnerRefusal(500, 'server_error', 'Server Error');
  res.set({ ...headers, 'cache-control': 'no-store' });
  if (api) return void res.status(status).json({ error: { code, message } });
  res.status(status).type('html').send(ownerErrorPage('This link cannot be opened', message));
}
