// Step 1 and 2 of every partner request: which endpoint (404 / 405), which app (404).
import type { Family } from '../../../src-shared/endpoint-list';
import { Memo } from '../memo';
import type { PartnerEndpoint } from './endpoint';
import { PARTNER_ENDPOINTS } from './endpoints';
import { ROUTE_MEMO_ENTRIES } from '../perf/request-path';

export const FAMILY_PATTERNS: [Family, RegExp][] = [
  ['application', /^\/api\/v2\/([^/]+)(\/.*)$/],
  ['client', /^\/client\/user\/([^/]+)\/v2(\/.*)$/],
];

// Looked up once per request: endpoints by family and path, built once.
const BY_PATH = new Map<string, PartnerEndpoint[]>();
for (const e of PARTNER_ENDPOINTS) {
  const key = `${e.family} ${e.path}`;
  BY_PATH.set(key, [...(BY_PATH.get(key) ?? []), e]);
}

export type RouteMatch =
  | { kind: 'none' }
  | { kind: 'unknown-path'; family: Family; appName: string }
  | { kind: 'wrong-method'; family: Family; appName: string; allow: string }
  | { kind: 'endpoint'; family: Family; appName: string; endpoint: PartnerEndpoint };

const NONE: RouteMatch = { kind: 'none' };

/**
 * The path as Laravel's router matches it (UriValidator): trailing slashes trimmed, then every `%XX` decoded
 * (PHP's rawurldecode: `+` stays, a malformed escape is left as it is), so `/pet/l%69st` is `/pet/list` and
 * the app name is read decoded. Bytes that are not UTF-8 read as U+FFFD (PHP would keep them; no route or
 * app name has any).
 */
export function routedPath(rawPath: string): string {
  const trimmed = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.replace(/\/+$/, '') : rawPath;
  return trimmed.includes('%') ? rawUrlDecode(trimmed) : trimmed;
}

/** PHP's rawurldecode: each well-formed `%XX` is a byte, everything else is kept; the bytes read as UTF-8. */
export function rawUrlDecode(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = s.codePointAt(i)!;
      if (code > 0xffff) i++;
      bytes.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The methods a 405 lists: HEAD beside GET, as Laravel's `Route::get` registers both. */
const allowOf = (endpoints: readonly PartnerEndpoint[]) => endpoints.flatMap((e) => (e.method === 'GET' ? ['GET', 'HEAD'] : [e.method])).join(', ');

/** The endpoint a path and method name; a trailing slash is ignored, HEAD is answered as GET. */
export function matchRoute(rawPath: string, method: string): RouteMatch {
  const path = routedPath(rawPath);
  for (const [family, pattern] of FAMILY_PATTERNS) {
    const m = pattern.exec(path);
    if (!m) continue;
    const appName = m[1];
    const candidates = BY_PATH.get(`${family} ${m[2]}`);
    if (!candidates) return { kind: 'unknown-path', family, appName };
    const endpoint = candidates.find((e) => e.method === method || (method === 'HEAD' && e.method === 'GET'));
    if (!endpoint) return { kind: 'wrong-method', family, appName, allow: allowOf(candidates) };
    return { kind: 'endpoint', family, appName, endpoint };
  }
  // `/api/v2/<app>/`: no endpoint, but it names an app (whose CORS origins its 404 carries).
  const untrimmed = rawPath.includes('%') ? rawUrlDecode(rawPath) : rawPath;
  if (untrimmed !== path) for (const [family, pattern] of FAMILY_PATTERNS) {
    const m = pattern.exec(untrimmed);
    if (m) return { kind: 'unknown-path', family, appName: m[1] };
  }
  return NONE;
}

// A client calls the same few paths again and again: each distinct method and path is matched once
// (two regular expressions, a decode and a table lookup were ~2.5 µs of every request before its answer).
// Paths are the client's to choose, so the table is bounded (memo.ts); the matches are frozen,
// since every request with that path shares one.
const matches = new Memo<RouteMatch>(ROUTE_MEMO_ENTRIES, (key) => {
  const space = key.indexOf(' ');
  return Object.freeze(matchRoute(key.slice(space + 1), key.slice(0, space)));
}, 512);

/** matchRoute, remembered per method and path. */
export const routeOf = (path: string, method: string): RouteMatch => matches.get(`${method} ${path}`);
