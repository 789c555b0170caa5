// CORS on the partner routes as a default Laravel service answers it (HandleCors + fruitcake/php-cors with
// config/cors.php: origins from the app's setting, default `*`; methods `*`; headers `*`; nothing exposed;
// max_age 0; no credentials). It runs before the route, auth and rate limit, as HandleCors does: a
// preflight needs no credentials, is not counted, and even a 404 or 401 carries the origin header.
import type { IncomingMessage } from 'node:http';
import type { AppRecord } from '../../../src-shared/control';
import type { ResponseHead } from './response-head';
import { wildcardMatches } from '../../../src-shared/glob';

const DEFAULT_ORIGINS = ['*'];
const MAX_AGE = '0';
const PARTNER_PATHS = /^\/(api|client)\//;

/**
 * php-cors's convertWildcardToPattern: `*` matches anything, everything else literally, case-sensitive. Matched by
 * the linear two-pointer matcher, never a RegExp built from the app's pattern: `*a*a*a…b` against a long `Origin`
 * sent by anyone backtracked for ever (issue 35 item 1).
 */
const wildcard = (pattern: string, origin: string) => wildcardMatches(pattern, origin);

function vary(head: ResponseHead, header: string): void {
  const current = head.getHeader('vary') ?? '';
  const list = current ? current.split(', ') : [];
  if (!list.includes(header)) head.setHeader('vary', [...list, header].join(', '));
}

/** php-cors configureAllowedOrigin: `*`; a single configured origin as is; else the request's origin if allowed. */
function allowOrigin(req: IncomingMessage, head: ResponseHead, allowed: string[]): boolean {
  if (allowed.includes('*')) {
    head.setHeader('access-control-allow-origin', '*');
    return true;
  }
  const patterns = allowed.filter((o) => o.includes('*'));
  if (allowed.length === 1 && !patterns.length) {
    head.setHeader('access-control-allow-origin', allowed[0]);
    return true;
  }
  const origin = req.headers.origin;
  vary(head, 'Origin');
  if (origin === undefined || !(allowed.includes(origin) || patterns.some((p) => wildcard(p, origin)))) return false;
  head.setHeader('access-control-allow-origin', origin);
  return true;
}

/** The origins an app allows (default `*`); a request that names no app gets the default. */
export const allowedOrigins = (app: AppRecord | undefined): string[] => app?.cors_allowed_origins ?? DEFAULT_ORIGINS;

/**
 * Sets the CORS headers of a partner request (`allowed`: the origins of the app its path names, found
 * by the pipeline's one route match); true when it was a preflight, which the caller answers at once
 * (204, no body) and takes no further.
 */
export function applyPartnerCors(req: IncomingMessage, head: ResponseHead, path: string, allowed: string[]): boolean {
  // The partner paths only (Laravel's `paths: ['api/*', ...]`): never the control API, the UI or media.
  if (!PARTNER_PATHS.test(path)) return false;
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    if (allowOrigin(req, head, allowed)) {
      head.setHeader('access-control-allow-methods', String(req.headers['access-control-request-method']).toUpperCase());
      vary(head, 'Access-Control-Request-Method');
      head.setHeader('access-control-allow-headers', String(req.headers['access-control-request-headers'] ?? ''));
      vary(head, 'Access-Control-Request-Headers');
      head.setHeader('access-control-max-age', MAX_AGE);
    }
    vary(head, 'Access-Control-Request-Method');
    return true;
  }
  allowOrigin(req, head, allowed);
  return false;
}
