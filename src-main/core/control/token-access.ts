// Opt-in remote driving of the control API (`serve --control-token T`): a test runner in another
// container may call /__sim/v1 with `Authorization: Bearer T`. Without a token configured, or
// without the right one, every request goes through the loopback guard as before.
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sameSecret } from '../domain/apps';
import { controlError, controlGuard, controlRefusal, type ControlRefusal } from './guard';

export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}

/** What controlAccess decides, without a framework (the lean vet-console routes ask this): undefined lets the request on. */
export function accessRefusal(token: string | undefined, req: IncomingMessage): ControlRefusal | undefined {
  const presented = token ? bearerToken(req.headers.authorization) : undefined;
  if (presented === undefined) return controlRefusal(req);
  return sameSecret(presented, token!) ? undefined : { status: 401, code: 'bad_token', message: 'The control token is wrong.' };
}

export function controlAccess(token: string | undefined): RequestHandler {
  if (!token) return controlGuard;
  // One decision for both paths (accessRefusal). A bearer header cannot be sent cross-site without a CORS
  // preflight (which the control API never grants), so a right token skips the CSRF content-type rule; Host and
  // peer checks are what the token replaces.
  return (req: Request, res: Response, next: NextFunction) => {
    const refused = accessRefusal(token, req);
    if (refused) return controlError(res, refused.status, refused.code, refused.message);
    res.setHeader('cache-control', 'no-store');
    next();
  };
}
