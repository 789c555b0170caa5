// Turns anything thrown in the partner pipeline into the envelope of behaviour §4.
// Unexpected errors become 500 ["Server Error"]; the stack goes to the journal only.
import type { ServerResponse } from 'node:http';
import { DomainError } from '../errors';
import { sendFailure } from './envelope';
import { partnerLocals } from './partner-context';

export function sendPartnerError(err: unknown, res: ServerResponse): void {
  if (res.headersSent) return;
  if (err instanceof DomainError) {
    for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
    return sendFailure(res, err.status, err.messages);
  }
  const e = (err ?? {}) as { type?: string; status?: number; code?: string; stack?: string; message?: string };
  if (e.type === 'entity.parse.failed') return sendFailure(res, 400, ['Malformed JSON body.']);
  // A multer limit (file size, too many files, fields or parts): PHP's post limits answer a form that big with 413 too.
  if (e.type === 'entity.too.large' || (err as Error | undefined)?.name === 'MulterError') return sendFailure(res, 413, ['Payload Too Large']);
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') return sendFailure(res, 415, ['Unsupported Media Type']);
  if (e.message === 'Unexpected end of form' || e.message?.startsWith('Multipart')) return sendFailure(res, 400, ['Malformed multipart body.']);
  partnerLocals(res).error = e.stack ?? String(err);
  sendFailure(res, 500, ['Server Error']);
}
