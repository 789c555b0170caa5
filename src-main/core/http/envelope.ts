// The partner response envelope: {success, status_code, message: [...], data}. Partner requests are
// answered through their PartnerCall (partner/partner-call.ts); sendFailure writes one on a plain
// ServerResponse, for the media route and the host's last resort.
import type { ServerResponse } from 'node:http';

/** The envelope's JSON text: what a cached answer keeps (partner/read-cache.ts). */
export const envelopeText = (status: number, message: string[], data: unknown) =>
  JSON.stringify({ success: status < 400, status_code: status, message, data: status < 400 ? data : [] });

/** Ends a plain response with a failure envelope, as express's res.send did: a content-length, no body on HEAD. */
export function sendFailure(res: ServerResponse, status: number, message: string[]): void {
  const text = envelopeText(status, message, []);
  res.statusCode = status;
  res.setHeader('cache-control', 'no-cache, private');
  // Exactly `application/json`, no charset: the spec shows it so.
  res.setHeader('content-type', 'application/json');
  res.setHeader('content-length', String(Buffer.byteLength(text)));
  // A string, not a Buffer: Node then sends the head and the body in one write instead of a writev of two.
  if (res.req?.method === 'HEAD') res.end();
  else res.end(text, 'utf8');
}
