// Step 3: Basic credentials of the app named in the path (A2–A14). B9–B11's api_key is checked after parsing.
import type { NextFunction, Request, Response } from 'express';
import type { AppRecord } from '../../../src-shared/control';
import { sameSecret } from '../domain/apps';
import { unauthenticated, DomainError } from '../errors';
import { partnerLocals } from './partner-context';

export function parseBasic(header: string | undefined): { username: string; password: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return undefined;
  return { username: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

export function requireBasic(check: (app: AppRecord, username: string, password: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const { endpoint, app } = partnerLocals(res);
    if (endpoint?.auth !== 'basic') return next();
    const creds = parseBasic(req.headers.authorization);
    if (!creds || !check(app!, creds.username, creds.password)) throw unauthenticated();
    next();
  };
}

/** B9–B11: a present but wrong api_key is 401; a missing one is left to validation (422). */
export function checkApiKey(app: AppRecord, body: unknown): void {
  const key = body && typeof body === 'object' ? (body as Record<string, unknown>).api_key : undefined;
  if (typeof key === 'string' && key !== '' && !sameSecret(key, app.api_key)) throw new DomainError(401, ['Invalid API key.']);
}
