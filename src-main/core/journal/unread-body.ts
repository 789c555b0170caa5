// The body of a request the pipeline answered before reading it (a wrong route or app, failed Basic auth,
// the rate limit, a fault rule): the journal still keeps it, so the log shows what was sent and *Copy as
// cURL* or a HAR replay sends the same body and gets the same answer. Every body is kept as the reader
// would have kept it (body.ts): JSON and other text as the bytes sent (never decompressed), urlencoded in
// its charset, multipart of a POST-like request as its fields.
//
// Usually the whole request is already buffered when the answer goes out (the refusal is decided in the
// microtask after the packet carrying headers and body was parsed), and the entry is recorded at once,
// before the client can ask for it. A body still on its way is read off the socket (Node would discard
// it anyway) and the entry follows when it has arrived, or after WAIT_MS with what came.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { charsetOf, hasBody, NO_BODY, type RequestBody } from '../http/body';
import { IMAGE_LIMIT, JSON_LIMIT } from '../http/body-limits';
import { canDecode, decodeText } from '../http/body-text';
import { mediaTypeOf } from '../http/media-type';
import type { MultipartBody } from '../http/multipart';
import { isJsonContentType } from '../http/plain-json';

/** How long a refused request's missing body is waited for before its entry is recorded without the rest. */
export const WAIT_MS = 2000;

type Kind = 'text' | 'multipart' | null;

/** Which body the reader would have kept: multipart of POST-like requests as fields (PHP parses no other), any other as text. */
function kindOf(req: IncomingMessage): Kind {
  if (!hasBody(req)) return null;
  const media = mediaTypeOf(req.headers['content-type']);
  const formMethod = req.method !== 'GET' && req.method !== 'HEAD';
  if (media === 'multipart/form-data') return formMethod ? 'multipart' : null;
  return 'text';
}

/** The bytes as text, as the reader would keep them: never decompressed, a form in its charset, anything else as UTF-8. */
function textOf(bytes: Buffer, req: IncomingMessage): string {
  const type = req.headers['content-type'];
  if (isJsonContentType(type) || mediaTypeOf(type) !== 'application/x-www-form-urlencoded') return bytes.toString('utf8');
  const charset = charsetOf(type);
  return decodeText(bytes, canDecode(charset) ? charset : 'utf-8');
}

/** What is buffered of a request that has fully arrived, read without waiting; undefined if it has not. */
function buffered(req: IncomingMessage): Buffer | undefined {
  if (!req.complete || req.readableFlowing || req.readableEnded) return undefined;
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = req.read() as Buffer | null) !== null; ) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The rest of the request as it arrives: at most `limit` bytes kept, the rest read off and dropped. */
async function arriving(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  const onData = (chunk: Buffer) => {
    if (kept + chunk.length > limit) return;
    chunks.push(chunk);
    kept += chunk.length;
  };
  // A client that asked for `Connection: close` has its socket closed once the answer is out: what has not
  // arrived by then never will, and the socket's close (not the request's) is what says so.
  const wait = gone(req);
  const ended = new Promise<void>((resolve) => req.once('end', resolve).once('close', resolve).once('error', resolve));
  req.on('data', onData);
  await Promise.race([ended, wait.promise]);
  wait.cancel();
  req.off('data', onData);
  return Buffer.concat(chunks);
}

/** Resolves after WAIT_MS, or when the client's socket closes (nothing more will come): whichever is first. */
function gone(req: IncomingMessage): { promise: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, WAIT_MS).unref();
    req.socket?.once('close', resolve);
    cancel = () => (clearTimeout(timer), req.socket?.off('close', resolve));
  });
  return { promise, cancel };
}

/**
 * A multipart body's bytes through the reader's own parser (fed from the bytes: by the time busboy is
 * loaded, Node would have discarded the unread request): the fields and image that came, even if it
 * then failed.
 */
async function multipartOf(bytes: Buffer, req: IncomingMessage): Promise<RequestBody> {
  if (!bytes.length) return NO_BODY;
  const into: MultipartBody = { fields: [] };
  const { readMultipart } = await import('../http/multipart');
  const source = Object.assign(Readable.from([bytes]), { headers: req.headers, complete: true });
  await readMultipart(source as unknown as IncomingMessage, into).catch(() => undefined);
  return into.fields.length || into.image ? { kind: 'multipart', ...into } : NO_BODY;
}

const asText = (bytes: Buffer, req: IncomingMessage): RequestBody => {
  const text = bytes.length ? textOf(bytes, req) : undefined;
  return text ? { kind: 'text', text } : NO_BODY;
};

/**
 * The body of a request the pipeline did not read: at once when it is all buffered (the usual case), else
 * a promise of it. NO_BODY for a request without one, or with one the reader would not have read either.
 */
export function unreadBody(req: IncomingMessage): RequestBody | Promise<RequestBody> {
  const kind = kindOf(req);
  if (!kind || req.readableEnded || (req.destroyed && !req.readableLength)) return NO_BODY;
  // Taken now, before this tick ends: once the answer is finished, Node discards what nobody reads.
  const now = buffered(req);
  if (kind === 'text') return now ? asText(now, req) : arriving(req, JSON_LIMIT).then((bytes) => asText(bytes, req));
  // Multipart is always a promise (busboy parses across ticks): such an entry follows its answer by a moment.
  return (now ? Promise.resolve(now) : arriving(req, IMAGE_LIMIT + 256 * 1024)).then((bytes) => multipartOf(bytes, req));
}
