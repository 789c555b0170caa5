// Step 1 and 2 of every partner request: which endpoint (404 / 405), which app (404).
import type { NextFunction, Request, Response } from 'express';
import { ENDPOINTS, type Family } from '../../../src-shared/endpoints';
import type { AppRecord } from '../../../src-shared/control';
import { sendFailure } from './envelope';
import { partnerLocals } from './partner-context';

export const FAMILY_PATTERNS: [Family, RegExp][] = [
  ['application', /^\/api\/v2\/([^/]+)(\/.*)$/],
  ['client', /^\/client\/user\/([^/]+)\/v2(\/.*)$/],
];

export function resolveRoute(findApp: (family: Family, name: string) => AppRecord | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    const locals = partnerLocals(res);
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    for (const [family, pattern] of FAMILY_PATTERNS) {
      const m = pattern.exec(path);
      if (!m) continue;
      locals.family = family;
      locals.appName = decodeURIComponentSafe(m[1]);
      const candidates = ENDPOINTS.filter((e) => e.family === family && e.path === m[2]);
      if (!candidates.length) return sendFailure(res, 404, ['Route Not Found']);
      const endpoint = candidates.find((e) => e.method === req.method || (req.method === 'HEAD' && e.method === 'GET'));
      if (!endpoint) {
        res.setHeader('allow', candidates.map((e) => e.method).join(', '));
        return sendFailure(res, 405, ['Method Not Allowed']);
      }
      locals.endpoint = endpoint;
      const app = findApp(family, locals.appName);
      if (!app) return sendFailure(res, 404, ['App Not Found']);
      locals.app = app;
      return next();
    }
    return sendFailure(res, 404, ['Route Not Found']);
  };
}

export function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
