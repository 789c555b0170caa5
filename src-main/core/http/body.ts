// Step 6: the request's input, read the way the Laravel service reads it (behaviour §4): the query
// string merged with a JSON (≤ 1 MiB), urlencoded or multipart (image ≤ 5 MiB) body on every endpoint,
// trimmed and with "" as null. Nesting is bounded here, before validation, trimming or a handler sees it.
/// <reference path="./type-is.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { IMAGE_KEY, IMAGE_LIMIT } from './body-limits';
import { sniffImageType } from './image-type';
import { cleanInput, MAX_DEPTH, mergeInput, nestedDeeperThan, nestPairs, tooDeep } from './laravel-input';
import { partnerLocals } from './partner-context';
import { isPlainJson, readPlainJson } from './plain-json';
import { loadOnce } from '../load-once';

export { IMAGE_LIMIT, JSON_LIMIT } from './body-limits';

/** express and multer, on the first request with a body. */
const loadParsers = loadOnce(() => import('./body-parsers'));

/** Whether a request has a body, as type-is's hasBody says, without loading type-is: a transfer-encoding, or a content-length that is a number. */
export const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || !isNaN(req.headers['content-length'] as unknown as number);
/** PHP reads form and multipart bodies of POST-like requests only; a JSON body is read on any method. */
const readsFormBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD';

type Middleware = (req: Request, res: Response, next: (err?: unknown) => void) => void;
const run = (mw: Middleware, req: IncomingMessage, res: ServerResponse) =>
  new Promise<void>((resolve, reject) => mw(req as Request, res as Response, (err?: unknown) => (err ? reject(err) : resolve())));

type BodyOf = IncomingMessage & { body?: unknown; files?: Express.Multer.File[] };

/** Reads the body into `req.body` (the journal's capture reads it there) and the file into the locals. */
async function readBody(req: BodyOf, res: ServerResponse): Promise<void> {
  // No body at all (a GET): nothing for the parsers to do, as they would find themselves.
  if (!hasBody(req)) return;
  if (isPlainJson(req)) return readPlainJson(req, res);
  const { json, form, upload, typeis } = await loadParsers();
  if (readsFormBody(req) && typeis(req, ['multipart/form-data'])) {
    // A declared length past the image limit (plus room for the form fields) is refused before
    // reading a byte, so an oversized upload never lands in memory.
    if (Number(req.headers['content-length'] ?? 0) > IMAGE_LIMIT + 256 * 1024) throw Object.assign(new Error('too large'), { type: 'entity.too.large' });
    await run(upload as unknown as Middleware, req, res);
    const image = (req.files ?? []).filter((f) => f.fieldname === IMAGE_KEY && f.buffer).pop();
    if (image) {
      const data = new Uint8Array(image.buffer);
      partnerLocals(res).file = { mime: sniffImageType(data), data, originalName: image.originalname, declaredMime: image.mimetype };
    }
    return;
  }
  await run(json as Middleware, req, res);
  await run(form as Middleware, req, res);
}

/** The request's input (query ∪ body, cleaned) into the locals; throws the envelope's errors. */
export async function readInput(req: IncomingMessage, res: ServerResponse, query: string): Promise<void> {
  const r = req as BodyOf;
  await readBody(r, res);
  const locals = partnerLocals(res);
  const nestedQuery = query ? nestPairs(new URLSearchParams(query), 'query string') : {};
  if (typeof r.body === 'string') {
    locals.rawBody = r.body; // the journal and a HAR replay keep the bytes as sent
    r.body = readsFormBody(r) ? nestPairs(new URLSearchParams(r.body), 'request body') : undefined;
  }
  if (nestedDeeperThan(r.body, MAX_DEPTH)) {
    r.body = undefined; // never handed to the journal's walk either
    throw tooDeep('request body');
  }
  locals.input = cleanInput(mergeInput(nestedQuery, r.body));
}
