// Step 6: body parsing after auth and rate limit (JSON ≤ 1 MiB, form-urlencoded, multipart image ≤ 5 MiB).
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { partnerLocals } from './partner-context';

export const JSON_LIMIT = 1024 * 1024;
export const IMAGE_LIMIT = 5 * 1024 * 1024;

const json = express.json({
  limit: JSON_LIMIT,
  type: ['application/json', 'application/*+json'],
  strict: false,
  verify: (_req, res, buf) => {
    partnerLocals(res as Response).rawBody = buf.toString('utf8');
  },
});
const form = express.urlencoded({ extended: true, limit: JSON_LIMIT });
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: IMAGE_LIMIT, files: 1, fields: 50 } }).single('profile');

/** `pet[name]=x` form fields → `{pet: {name: x}}`, as Laravel reads them. */
export function nestBracketKeys(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    const m = /^([^[\]]+)\[([^[\]]+)\]$/.exec(k);
    if (m) {
      const parent = (out[m[1]] && typeof out[m[1]] === 'object' ? out[m[1]] : (out[m[1]] = {})) as Record<string, unknown>;
      parent[m[2]] = v;
    } else out[k] = v;
  }
  return out;
}

export function parseBody(req: Request, res: Response, next: NextFunction): void {
  const { endpoint } = partnerLocals(res);
  const input = endpoint?.input ?? 'none';
  if (input === 'none' || input === 'query') return next();
  if (input === 'multipart-or-body' && req.is('multipart/form-data')) {
    // A declared length past the image limit (plus room for the form fields) is refused before
    // reading a byte, so an oversized upload never lands in memory.
    if (Number(req.headers['content-length'] ?? 0) > IMAGE_LIMIT + 256 * 1024) return next(Object.assign(new Error('too large'), { type: 'entity.too.large' }));
    upload(req, res, (err?: unknown) => {
      if (err) return next(err);
      req.body = nestBracketKeys({ ...(req.body as Record<string, unknown>) });
      if (req.file) partnerLocals(res).file = { mime: req.file.mimetype, data: new Uint8Array(req.file.buffer), originalName: req.file.originalname };
      next();
    });
    return;
  }
  json(req, res, (err?: unknown) => {
    if (err) return next(err);
    form(req, res, next);
  });
}
