// The body parsers (express's JSON and text readers, multer): loaded on the first partner request that
// has a body, so a cold start answers its first GET without evaluating express and multer (issue 14).
import express from 'express';
import multer, { type StorageEngine } from 'multer';
import typeis from 'type-is';
import { IMAGE_KEY, IMAGE_LIMIT, JSON_LIMIT } from './body-limits';
import { acceptJsonText, isJsonContentType } from './plain-json';

export { typeis };
export const json = express.json({
  limit: JSON_LIMIT,
  type: (req) => isJsonContentType(req.headers['content-type']), // as Laravel decides (plain-json.ts)
  strict: false,
  verify: (_req, res, buf) => acceptJsonText(res, buf.toString('utf8')),
});
// The raw text, split into pairs below: PHP's bracket rules, not qs's, and a bounded depth.
export const form = express.text({ type: 'application/x-www-form-urlencoded', limit: JSON_LIMIT });

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
export const upload = multer({ storage: imageOnly, limits: { fileSize: IMAGE_LIMIT, files: 20, fields: 100 } }).any();

