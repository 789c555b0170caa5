// Guards of the control API (behaviour §12): loopback peers only, a loopback Host
// (DNS rebinding), and no state change from a cross-site form or no-cors fetch (CSRF).
// The tester UI shares the loopback rule (uiGuard): with `--host 0.0.0.0` only the partner API and /media
// are for other machines, and a page that drives the control API must not be served to them either.
import type { NextFunction, Request, Response } from 'express';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const CSRF_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'];

export const isLoopbackAddress = (addr: string | undefined) =>
  !!addr && (addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.'));

export function hostName(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1).toLowerCase();
  return host.split(':')[0].toLowerCase();
}

export function controlError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

/** Why a request may not reach the control API or the UI, or undefined when it may. */
export function loopbackRefusal(req: Request): 'not_loopback' | 'bad_host' | undefined {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return 'not_loopback';
  if (!LOOPBACK_HOSTS.has(hostName(req.headers.host))) return 'bad_host';
  return undefined;
}

export function controlGuard(req: Request, res: Response, next: NextFunction): void {
  const refusal = loopbackRefusal(req);
  if (refusal === 'not_loopback') return controlError(res, 403, 'not_loopback', 'The control API answers loopback clients only.');
  if (refusal === 'bad_host') return controlError(res, 403, 'bad_host', 'The Host header must be localhost, 127.0.0.1 or [::1].');
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    let ok = false;
    try {
      ok = LOOPBACK_HOSTS.has(new URL(origin).hostname.toLowerCase()) && new URL(origin).host === req.headers.host;
    } catch {
      ok = false;
    }
    if (!ok) return controlError(res, 403, 'bad_origin', 'Cross-origin requests to the control API are refused.');
  } else if (origin === 'null') return controlError(res, 403, 'bad_origin', 'Cross-origin requests to the control API are refused.');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (CSRF_TYPES.some((t) => type.startsWith(t)))
      return controlError(res, 415, 'unsupported_content_type', 'State-changing control requests must be application/json (snapshots: application/octet-stream).');
  }
  res.setHeader('cache-control', 'no-store');
  next();
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
