// The partner response envelope: {success, status_code, message: [...], data}.
import type { Response } from 'express';

export function sendEnvelope(res: Response, status: number, message: string[], data: unknown): void {
  res.status(status);
  res.setHeader('cache-control', 'no-cache, private');
  res.setHeader('content-type', 'application/json'); // set directly: res.type() looks the type up on every call
  res.send(JSON.stringify({ success: status < 400, status_code: status, message, data: status < 400 ? data : [] }));
}

export const sendFailure = (res: Response, status: number, message: string[]) => sendEnvelope(res, status, message, []);
