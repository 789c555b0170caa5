// A partner request's body bytes and their text, as PHP receives them behind nginx/php-fpm (behaviour §4,
// issue 35 #16): the bytes as sent, whatever the Content-Encoding (neither PHP, Symfony's getContent() nor
// php-fpm decodes a request body, so a compressed body reaches json_decode as it is), at most the limit (413).
// The control API, which is ours and not Laravel's, still inflates (control/system-routes.ts, http/inflate.ts).
import type { IncomingMessage } from 'node:http';
import { DomainError } from '../errors';

export const tooLarge = () => new DomainError(413, ['Payload Too Large']);

/**
 * Resolves once the rest of the request has arrived and been thrown away. An answer refusing a body is
 * sent after it, as body-parser did: a client still writing a large body would otherwise read the
 * answer's connection as reset.
 */
export function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete || req.destroyed) return resolve();
    req.once('end', () => resolve()).once('close', () => resolve()).once('error', () => resolve());
    req.resume();
  });
}

/** The declared length, as raw-body reads it (parseInt of a number); undefined without one. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && !isNaN(header as unknown as number) ? parseInt(header, 10) : undefined;
}

/**
 * The request's body bytes as sent (never decompressed), at most `limit` of them. More is refused (413), or,
 * for a body the service does not read (`beyond: 'dropped'`, kept for the journal only), read off and dropped.
 */
export async function readBytes(req: IncomingMessage, limit: number, beyond: 'refused' | 'dropped' = 'refused'): Promise<Buffer> {
  const declared = declaredLength(req);
  if (beyond === 'refused' && declared !== undefined && declared > limit) {
    await drain(req);
    throw tooLarge();
  }
  return collect(req, limit, declared, beyond);
}

/** Reads the request to its end; more than `limit` bytes is refused or dropped. */
function collect(req: IncomingMessage, limit: number, declared: number | undefined, beyond: 'refused' | 'dropped'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let kept = 0;
    const stop = (err: Error) => {
      cleanup();
      void drain(req).then(() => reject(err));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit && beyond === 'refused') return stop(tooLarge());
      if (kept >= limit) return;
      const part = kept + chunk.length <= limit ? chunk : chunk.subarray(0, limit - kept);
      chunks.push(part);
      kept += part.length;
    };
    const onEnd = () => {
      cleanup();
      // Node's parser delivers exactly the declared length unless the client went away before the end.
      if (declared !== undefined && received !== declared) return reject(new Error(`request size did not match content length (${received} of ${declared} bytes)`));
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, kept));
    };
    const onAborted = () => {
      cleanup();
      reject(new Error('request aborted'));
    };
    // A client gone before the end of its body: no 'end' will come (and 'aborted' is not emitted by every Node).
    const onClose = () => {
      if (!req.complete) onAborted();
    };
    const cleanup = () => {
      req.off('data', onData).off('end', onEnd).off('error', stop).off('aborted', onAborted).off('close', onClose);
    };
    // Closed before it was read (during a fault rule's delay): no 'data', 'end' or 'close' will come now.
    if (req.destroyed) return onAborted();
    req.on('data', onData).on('end', onEnd).on('error', stop).on('aborted', onAborted).on('close', onClose);
  });
}

/** Charsets iconv decodes byte for byte where the WHATWG decoder would read windows-1252. */
const LATIN1 = new Set(['latin1', 'iso-8859-1', 'iso8859-1', 'l1', 'binary']);

/** Whether `charset` (lowercase) names an encoding the body can be read in. */
export function canDecode(charset: string): boolean {
  if (charset === 'utf-8' || LATIN1.has(charset)) return true;
  try {
    new TextDecoder(charset);
    return true;
  } catch {
    return false;
  }
}

/** The body's text in `charset` (one canDecode accepts), a byte-order mark dropped as iconv drops it. */
export function decodeText(bytes: Buffer, charset: string): string {
  if (LATIN1.has(charset)) return bytes.toString('latin1');
  if (charset !== 'utf-8') return new TextDecoder(charset).decode(bytes);
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
