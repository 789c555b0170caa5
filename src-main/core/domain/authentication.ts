// How a partner proves which app it is, in one place: Basic credentials (A2–A14, checked before anything
// else) and the api_key (B9–B11, checked after parsing). appService keeps the Basic answers' cache and clears
// it when apps change; the pipeline asks services.apps.basicAllows and checkApiKey.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { AppRecord } from '../../../src-shared/control';
import { DomainError } from '../errors';
import { BASIC_ANSWERS_PER_APP } from '../perf/request-path';

/** Answers kept per app record: a client sending ever new wrong headers must not grow the process. */
const MAX_CACHED_HEADERS = BASIC_ANSWERS_PER_APP;

export function parseBasic(header: string | undefined): { username: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  return { username: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/** Constant-time comparison of two secrets of any length (hash first so lengths match). */
export function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** Basic credentials: `<name or id>:<token>` of this very app. */
export function basicCredentialsMatch(app: AppRecord, username: string, password: string): boolean {
  const userOk = sameSecret(username, app.api_username) || sameSecret(username, String(app.id));
  const passOk = sameSecret(password, app.api_token);
  return userOk && passOk;
}

/**
 * `Authorization: Basic …` checks, answered once per app record and header value: the constant-time check
 * costs four sha256 per request. Records are replaced whenever apps change, and `forget` drops every answer,
 * so credentials that change are checked afresh on the very next request.
 */
export function basicAuthCache() {
  let answers = new WeakMap<AppRecord, Map<string, boolean>>();
  return {
    forget: () => void (answers = new WeakMap()),
    allows(app: AppRecord, header: string | undefined): boolean {
      if (header === undefined) return false;
      let known = answers.get(app);
      if (!known) answers.set(app, (known = new Map()));
      const answer = known.get(header);
      if (answer !== undefined) return answer;
      const creds = parseBasic(header);
      const ok = !!creds && basicCredentialsMatch(app, creds.username, creds.password);
      if (known.size >= MAX_CACHED_HEADERS) known.clear();
      known.set(header, ok);
      return ok;
    },
  };
}

/** B9–B11: a present but wrong api_key is 401; a missing one is left to validation (422). */
export function checkApiKey(app: AppRecord, body: unknown): void {
  const key = body && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
  if (typeof key === 'string' && key !== '' && !sameSecret(key, app.api_key)) throw new DomainError(401, ['Invalid API key.']);
}
