// The partner response envelope: {success, status_code, message: [...], data}.
import type { Response } from 'express';

export function sendEnvelope(res: Response, status: number, message: string[], data: unknown): void {
  res.status(status);
  res.setHeader('cache-control', 'no-cache, private');
  res.setHeader('content-type', 'application/json'); // set directly: res.type() looks the type up on every call
  // A Buffer, because res.send appends `; charset=utf-8` to the type of a string body; the spec shows
  // `content-type: application/json` exactly.
  res.send(Buffer.from(JSON.stringify({ success: status < 400, status_code: status, message, data: status < 400 ? data : [] })));
}

export const sendFailure = (res: Response, status: number, message: string[]) => sendEnvelope(res, status, message, []);
