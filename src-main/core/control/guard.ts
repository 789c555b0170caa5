// Guards of the control API (behaviour §12): loopback peers only, a loopback Host
// (DNS rebinding), and no state change from a cross-site form or no-cors fetch (CSRF).
// The tester UI shares the loopback rule (uiGuard): with `--host 0.0.0.0` only the partner API and /media
// are for other machines, and a page that drives the control API must not be served to them either.
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { ControlErrorBody, RefusalDetail } from '../../../src-shared/control';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const CSRF_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export const isLoopbackAddress = (addr: string | undefined) =>
  !!addr && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

export function hostName(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1).toLowerCase();
  return host.split(':')[0].toLowerCase();
}

/**
 * The body of every control API refusal, the one place it is built (control/answer.ts sends it): `details` is always there, empty when the refusal names no place.
 */
export const refusalBody = (r: Pick<ControlRefusal, 'code' | 'message' | 'details'>): ControlErrorBody =>
  ({ error: { code: r.code, message: r.message, details: r.details ?? [] } });

/** Why a request may not reach the control API or the UI, or undefined when it may. */
export function loopbackRefusal(req: IncomingMessage): 'not_loopback' | 'bad_host' | undefined {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'not_loopback';
  if (!LOOPBACK_HOSTS.has(hostName(req.headers.host))) return 'bad_host';
  return undefined;
}

/** Why the control API refuses a request: its status, code and message. */
export interface ControlRefusal {
  status: number;
  code: string;
  message: string;
  /** What the refusal names one by one, each with its path (a validation refusal's fields); none when absent. */
  details?: RefusalDetail[];
  /** A refusal that ends with time (429): the seconds to wait, sent as `Retry-After`. */
  retryAfterSeconds?: number;
}

/**
 * The loopback, Host, Origin and CSRF content-type rules (token-access.ts's admit asks them when no token is presented). Undefined when the request may go on.
 */
export function controlRefusal(req: IncomingMessage): ControlRefusal | undefined {
  const refusal = loopbackRefusal(req);
  if (refusal === 'not_loopback') return { status: 403, code: 'not_loopback', message: 'The control API answers loopback clients only.' };
  if (refusal === 'bad_host') return { status: 403, code: 'bad_host', message: 'The Host header must be localhost, 127.0.0.1 or [::1].' };
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    let ok = false;
    try {
      ok = LOOPBACK_HOSTS.has(new URL(origin).hostname.toLowerCase()) && new URL(origin).host === req.headers.host;
    } catch {
      ok = false;
    }
    if (!ok) return { status: 403, code: 'bad_origin', message: 'Cross-origin requests to the control API are refused.' };
  } else if (origin === 'null') return { status: 403, code: 'bad_origin', message: 'Cross-origin requests to the control API are refused.' };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (CSRF_TYPES.some((t) => type.startsWith(t)))
      return { status: 415, code: 'unsupported_content_type', message: 'State-changing control requests must be application/json (snapshots: application/octet-stream).' };
  }
  return undefined;
}

/** The tester UI (/__sim/ and its files): loopback peers with a loopback Host, as the control API. */
export function uiGuard(req: Request, res: Response, next: NextFunction): void {
  const refusal = loopbackRefusal(req);
  if (!refusal) return next();
  res.status(403).type('text/plain');
  res.send(
    refusal === 'not_loopback'
      ? 'The tester UI answers loopback clients only: open it on the machine that runs the simulator.\n'
      : 'The Host header must be localhost, 127.0.0.1 or [::1].\n',
  );
}
