// Step 6: the request's input, read the way the Laravel service reads it (behaviour §4): the query
// string merged with a JSON (≤ 1 MiB), urlencoded or multipart (image ≤ 5 MiB) body on every endpoint,
// trimmed and with "" as null. Nesting is bounded here, before validation, trimming or a handler sees it.
/// <reference path="./type-is.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Request, type Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import typeis from 'type-is';
import { sniffImageType } from './image-type';
import { cleanInput, jsonDeeperThan, MAX_DEPTH, mergeInput, nestedDeeperThan, nestPairs, tooDeep } from './laravel-input';
import { partnerLocals } from './partner-context';

export const JSON_LIMIT = 1024 * 1024;
export const IMAGE_LIMIT = 5 * 1024 * 1024;
/** The one file key an endpoint reads (A3/B2); files under any other key are ignored, like unknown fields. */
const IMAGE_KEY = 'profile';

const json = express.json({
  limit: JSON_LIMIT,
  type: ['application/json', 'application/*+json'],
  strict: false,
  verify: (_req, res, buf) => {
    const text = buf.toString('utf8');
    partnerLocals(res).rawBody = text;
    // Refused from the text, so a hostile body never becomes a deep object that something walks.
    if (jsonDeeperThan(text, MAX_DEPTH)) throw tooDeep('request body');
  },
});
// The raw text, split into pairs below: PHP's bracket rules, not qs's, and a bounded depth.
const form = express.text({ type: 'application/x-www-form-urlencoded', limit: JSON_LIMIT });

/** Keeps the image in memory and drains files under other keys without keeping a byte. */
const memory = multer.memoryStorage();
const imageOnly: StorageEngine = {
  _handleFile(req, file, cb) {
    if (file.fieldname === IMAGE_KEY) return memory._handleFile(req, file, cb);
    file.stream.on('end', () => cb(null, {})).on('error', cb).resume();
  },
  _removeFile(req, file, cb) {
    if (file.fieldname === IMAGE_KEY) return memory._removeFile(req, file, cb);
    cb(null);
  },
};
const upload = multer({ storage: imageOnly, limits: { fileSize: IMAGE_LIMIT, files: 20, fields: 100 } }).any();

/** PHP reads form and multipart bodies of POST-like requests only; a JSON body is read on any method. */
const readsFormBody = (req: IncomingMessage) => req.method !== 'GET' && req.method !== 'HEAD';

type Middleware = (req: Request, res: Response, next: (err?: unknown) => void) => void;
const run = (mw: Middleware, req: IncomingMessage, res: ServerResponse) =>
  new Promise<void>((resolve, reject) => mw(req as Request, res as Response, (err?: unknown) => (err ? reject(err) : resolve())));

type BodyOf = IncomingMessage & { body?: unknown; files?: Express.Multer.File[] };

/** Reads the body into `req.body` (the journal's capture reads it there) and the file into the locals. */
async function readBody(req: BodyOf, res: ServerResponse): Promise<void> {
  // No body at all (a GET): nothing for the parsers to do, as they would find themselves.
  if (!typeis.hasBody(req)) return;
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
