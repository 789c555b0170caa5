// Step 6: the request's input, read the way the Laravel service reads it (behaviour §4): the query
// string merged with a JSON (≤ 1 MiB), urlencoded or multipart (image ≤ 5 MiB) body on every endpoint,
// trimmed and with "" as null. Nesting is bounded here, before validation, trimming or a handler sees it.
import express, { type NextFunction, type Request, type Response } from 'express';
import multer, { type StorageEngine } from 'multer';
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
    partnerLocals(res as Response).rawBody = text;
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

function queryString(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return q < 0 ? '' : req.originalUrl.slice(q + 1);
}

/** PHP reads form and multipart bodies of POST-like requests only; a JSON body is read on any method. */
const readsFormBody = (req: Request) => req.method !== 'GET' && req.method !== 'HEAD';

export function parseBody(req: Request, res: Response, next: NextFunction): void {
  const locals = partnerLocals(res);
  const finish = (err?: unknown) => {
    if (err) return next(err);
    try {
      const query = nestPairs(new URLSearchParams(queryString(req)), 'query string');
      if (typeof req.body === 'string') {
        locals.rawBody = req.body; // the journal and a HAR replay keep the bytes as sent
        req.body = readsFormBody(req) ? nestPairs(new URLSearchParams(req.body), 'request body') : undefined;
      }
      if (nestedDeeperThan(req.body, MAX_DEPTH)) {
        req.body = undefined; // never handed to the journal's walk either
        throw tooDeep('request body');
      }
      locals.input = cleanInput(mergeInput(query, req.body));
      next();
    } catch (e) {
      next(e);
    }
  };
  if (readsFormBody(req) && req.is('multipart/form-data')) {
    // A declared length past the image limit (plus room for the form fields) is refused before
    // reading a byte, so an oversized upload never lands in memory.
    if (Number(req.headers['content-length'] ?? 0) > IMAGE_LIMIT + 256 * 1024) return next(Object.assign(new Error('too large'), { type: 'entity.too.large' }));
    upload(req, res, (err?: unknown) => {
      if (err) return finish(err);
      const files = (req.files ?? []) as Express.Multer.File[];
      const image = files.filter((f) => f.fieldname === IMAGE_KEY && f.buffer).pop();
      if (image) {
        const data = new Uint8Array(image.buffer);
        locals.file = { mime: sniffImageType(data), data, originalName: image.originalname, declaredMime: image.mimetype };
      }
      finish();
    });
    return;
  }
  json(req, res, (err?: unknown) => (err ? finish(err) : form(req, res, finish)));
}
