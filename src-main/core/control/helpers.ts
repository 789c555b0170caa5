// Small helpers shared by the control API routes.
import type { z } from 'zod';
import { DomainError } from '../errors';
import { jsonDeeperThan } from '../../../src-shared/json-depth';
import { clientErrorStatus } from '../http/last-resort';
import { MAX_DEPTH } from '../http/laravel-input';
import type { RefusalDetail } from '../../../src-shared/control';
import type { ControlRefusal } from './guard';

export class ControlError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: RefusalDetail[] = []) {
    super(message);
  }
}

/** Why a control body nested deeper than the partner side allows is refused before it is parsed; undefined if it is not. */
export const tooDeepJson = (text: string): string | undefined =>
  jsonDeeperThan(text, MAX_DEPTH) ? `The JSON body is nested too deeply (more than ${MAX_DEPTH} levels).` : undefined;

/** A zod refusal's issues as the refusal's details: the path dotted (`3.status`, `cors_allowed_origins.1`), '' for the whole body. */
export const detailsOf = (issues: z.ZodError['issues']): RefusalDetail[] =>
  issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** A 422 of one field that a hand-written check refuses, said as parseControl says a schema's ("from: expected …"). */
export const fieldRefusal = (path: string, message: string): ControlError =>
  new ControlError(422, 'invalid', `${path}: ${message}`, [{ path, message }]);

/**
 * The body as `schema` reads it, or a 422 whose details name each field that is wrong; the message says them all in one
 * sentence ("name: …; 3.count: …"), as it always has, for a script that reads only the message.
 */
export function parseControl<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const details = detailsOf(r.error.issues);
  throw new ControlError(422, 'invalid', details.map((d) => (d.path ? `${d.path}: ` : '') + d.message).join('; '), details);
}

/** What a thrown error answers on the control API (domain errors keep their status; the message is the partner one). */
export function controlErrorOf(err: unknown): ControlRefusal {
  if (err instanceof ControlError) return { status: err.status, code: err.code, message: err.message, details: err.details };
  if (err instanceof DomainError) {
    const code = { 401: 'unauthorized', 402: 'payment_required', 404: 'not_found', 409: 'conflict', 422: 'invalid', 503: 'unavailable' }[err.status] ?? 'error';
    return { status: err.status, code: err.code ?? code, message: err.messages.join(' ') };
  }
  if (err instanceof URIError) return { status: 400, code: 'malformed_url', message: 'The address has a malformed %-escape.' };
  const status = clientErrorStatus(err);
  if (status) return { status, code: 'bad_request', message: (err as Error).message || 'Bad Request' };
  console.error('control API error:', err);
  return { status: 500, code: 'server_error', message: 'Server Error' };
}

/** A switch parameter (`credentials`, `secrets`, `control`): `include`, or `omit` (the default); anything else is a 422 naming it. */
export function includeOrOmit(value: string | undefined, name: string): boolean {
  if (value === undefined || value === 'omit') return false;
  if (value === 'include') return true;
  throw fieldRefusal(name, 'expected "include" or "omit".');
}
