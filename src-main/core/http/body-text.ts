// A partner request's body bytes and their text, read as express's body-parser read them (raw-body and
// iconv), with Node alone: the limit counts the bytes after decompression (413), gzip, deflate and br
// bodies are inflated, any other Content-Encoding or an unknown charset is 415.
import type { IncomingMessage } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import { DomainError } from '../errors';
import { loadOnce } from '../load-once';

export const tooLarge = () => new DomainError(413, ['Payload Too Large']);
export const unsupportedMediaType = () => new DomainError(415, ['Unsupported Media Type']);

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

/** Encodings body-parser inflated; zlib is loaded for the first of them only (inflate.ts). */
const COMPRESSED = new Set(['gzip', 'deflate', 'br']);
const loadInflate = loadOnce(() => import('./inflate'));

/** The declared length, as raw-body reads it (parseInt of a number); undefined without one. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && !isNaN(header as unknown as number) ? parseInt(header, 10) : undefined;
}

/** The request's body bytes (decompressed), at most `limit` of them. */
export async function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') {
    const declared = declaredLength(req);
    if (declared !== undefined && declared > limit) {
      await drain(req);
      throw tooLarge();
    }
    return collect(req, undefined, limit, declared);
  }
  const inflate = COMPRESSED.has(encoding) ? (await loadInflate()).inflater(encoding) : undefined;
  if (!inflate) throw unsupportedMediaType();
  req.pipe(inflate);
  return collect(req, inflate, limit, undefined);
}

/** Reads the request (through its decompressor, if any) to its end; refuses more than `limit` bytes. */
function collect(req: IncomingMessage, inflate: Duplex | undefined, limit: number, declared: number | undefined): Promise<Buffer> {
  const source: Readable = inflate ?? req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (err: Error) => {
      cleanup();
      void drain(req).then(() => reject(err));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return stop(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      req.resume(); // whatever follows compressed data is not read
      // Node's parser delivers exactly the declared length unless the client went away before the end.
      if (declared !== undefined && received !== declared) return reject(new Error(`request size did not match content length (${received} of ${declared} bytes)`));
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    const onAborted = () => {
      cleanup();
      reject(new Error('request aborted'));
    };
    // A client gone before the end of its body: no 'end' will come (and 'aborted' is not emitted by every Node).
    const onClose = () => {
      if (!req.complete) onAborted();
    };
    /** Stops listening; a decompressor is detached and destroyed (a late complaint of its goes nowhere). */
    const cleanup = () => {
      source.off('data', onData).off('end', onEnd).off('error', stop);
      req.off('aborted', onAborted).off('close', onClose);
      if (!inflate) return;
      req.off('error', stop).unpipe(inflate);
      inflate.on('error', () => {}).destroy();
    };
    // Closed before it was read (during a fault rule's delay): no 'data', 'end' or 'close' will come now.
    if (req.destroyed) return onAborted();
    source.on('data', onData).on('end', onEnd).on('error', stop);
    req.on('aborted', onAborted).on('close', onClose);
    if (inflate) req.on('error', stop);
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
