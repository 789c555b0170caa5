// The partner response envelope: {success, status_code, message: [...], data}, written on a plain
// ServerResponse (the partner pipeline has no express; the media route's express response is one too).
import type { ServerResponse } from 'node:http';

/** Partner responses stamp their common headers and keep the body for the journal just before it is written. */
export interface BeforeSend {
  beforeSend?(res: ServerResponse, text: string): void;
}

/** Ends a response with a text body the way express's res.send did: a content-length, no body on HEAD. */
export function endWithText(res: ServerResponse, text: string): void {
  const hook = (res as ServerResponse & { locals?: BeforeSend }).locals;
  if (hook?.beforeSend && !res.headersSent) hook.beforeSend(res, text);
  if (!res.headersSent) res.setHeader('content-length', String(Buffer.byteLength(text)));
  // A string, not a Buffer: Node then sends the head and the body in one write instead of a writev of two.
  if (res.req?.method === 'HEAD') res.end();
  else res.end(text, 'utf8');
}

/** The envelope's JSON text: what a cached answer keeps (partner/read-cache.ts). */
export const envelopeText = (status: number, message: string[], data: unknown) =>
  JSON.stringify({ success: status < 400, status_code: status, message, data: status < 400 ? data : [] });

/** Writes an envelope already serialized by `envelopeText`. */
export function sendEnvelopeText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('cache-control', 'no-cache, private');
  // Exactly `application/json`, no charset: the spec shows it so.
  res.setHeader('content-type', 'application/json');
  endWithText(res, text);
}

export const sendEnvelope = (res: ServerResponse, status: number, message: string[], data: unknown) =>
  sendEnvelopeText(res, status, envelopeText(status, message, data));

export const sendFailure = (res: ServerResponse, status: number, message: string[]) => sendEnvelope(res, status, message, []);
