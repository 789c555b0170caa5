// Small helpers shared by the control API routes.
import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { DomainError } from '../errors';
import { clientErrorStatus } from '../http/last-resort';
import { controlError } from './guard';

export class ControlError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export function parseControl<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw new ControlError(422, 'invalid', r.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ` : '') + i.message).join('; '));
  return r.data;
}

export function paging(req: Request, defaultPer = 50) {
  const page = Math.max(1, Number.parseInt(String(req.query.page ?? '1'), 10) || 1);
  const per = Math.min(500, Math.max(1, Number.parseInt(String(req.query.per_page ?? defaultPer), 10) || defaultPer));
  return { page, per, offset: (page - 1) * per };
}

export const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
export const int = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

/** Domain errors keep their status; the message is the partner one (e.g. "Chat already ended"). */
export function controlErrorHandler(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  if (res.headersSent) return;
  if (err instanceof ControlError) return controlError(res, err.status, err.code, err.message);
  if (err instanceof DomainError) {
    const code = { 401: 'unauthorized', 402: 'payment_required', 404: 'not_found', 409: 'conflict', 422: 'invalid', 503: 'unavailable' }[err.status] ?? 'error';
    return controlError(res, err.status, err.code ?? code, err.messages.join(' '));
  }
  const e = err as { type?: string; message?: string };
  if (e.type === 'entity.parse.failed') return controlError(res, 400, 'malformed_json', 'Malformed JSON body.');
  if (e.type === 'entity.too.large') return controlError(res, 413, 'too_large', 'Payload Too Large');
  if (e.type === 'charset.unsupported') return controlError(res, 415, 'unsupported_charset', 'Unsupported charset: send JSON as UTF-8.');
  if (err instanceof URIError) return controlError(res, 400, 'malformed_url', 'The address has a malformed %-escape.');
  const status = clientErrorStatus(err);
  if (status) return controlError(res, status, 'bad_request', (err as Error).message || 'Bad Request');
  console.error('control API error:', err);
  controlError(res, 500, 'server_error', 'Server Error');
}
