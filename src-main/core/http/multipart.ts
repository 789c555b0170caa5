// A multipart/form-data body, read with busboy (a dependency of its own) and no express middleware:
// its fields as the name/value pairs they were sent as, and the image under `profile` (A3/B2) in memory.
// The limits and their answers are those the multer upload had (PHP's post limits answer a form that
// big with 413 too); loaded on the first multipart request only (issue 14, cold start).
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { DomainError } from '../errors';
import { IMAGE_KEY, IMAGE_LIMIT } from './body-limits';
import { drain, tooLarge } from './body-text';
import { sniffImageType } from './image-type';

/** The uploaded image: `mime` is decided from its bytes, `declaredMime` is what the client's part said (journal and HAR). */
export interface UploadedImage {
  mime: string;
  data: Uint8Array;
  originalName: string;
  declaredMime?: string;
}

/** What a multipart body held; the fields are pushed as they arrive, so a body refused midway still shows what came. */
export interface MultipartBody {
  fields: [name: string, value: string][];
  image?: UploadedImage;
}

const malformed = () => new DomainError(400, ['Malformed multipart body.']);
/** busboy's errors about the body's own bytes (the rest, a client gone, stay unexpected). */
const FORMAT_ERRORS = /^(Unexpected end of (form|file)|Malformed part header|Multipart|Malformed content type)/;

/** Room for the form fields beside a full-size image, in a declared length refused before a byte is read. */
const FIELDS_ROOM = 256 * 1024;
const LIMITS = {
  // busboy reports a limit once it is reached; one more byte makes it the first byte past the limit, as multer did.
  fileSize: IMAGE_LIMIT + 1,
  fieldSize: 1024 * 1024 + 1,
  files: 20,
  fields: 100,
};

/**
 * The WHATWG form encoding escapes LF, CR and `"` in names as %0A, %0D and %22, and busboy leaves them so;
 * only those three are decoded (a bare `%` is never escaped, so `50%.png` stays as it is).
 */
const decodeName = (s: string) => s.replace(/%0A|%0D|%22/gi, (m) => (m.toUpperCase() === '%0A' ? '\n' : m.toUpperCase() === '%0D' ? '\r' : '"'));

/** Reads the body into `into`; throws the envelope's errors (400, 413) once the rest of the request has been read off. */
export function readMultipart(req: IncomingMessage, into: MultipartBody): Promise<void> {
  // A declared length past the image limit is refused at once, so an oversized upload never lands in memory.
  if (Number(req.headers['content-length'] ?? 0) > IMAGE_LIMIT + FIELDS_ROOM) return Promise.reject(tooLarge());
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: LIMITS, defParamCharset: 'latin1' });
  } catch {
    return Promise.reject(malformed()); // no boundary, or a Content-Type busboy cannot read
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.on('error', () => {}); // a late complaint about a body no longer read
      const answer = err instanceof DomainError || !FORMAT_ERRORS.test(err.message) ? err : malformed();
      void drain(req).then(() => reject(answer));
    };
    const onFile = (name: string | undefined, stream: Readable, info: busboy.FileInfo) => {
      stream.on('error', fail);
      if (name === undefined) return fail(tooLarge()); // a part without a name: multer's MISSING_FIELD_NAME, answered as its other limits
      const filename = info.filename;
      if (!filename) return void stream.resume(); // no file name: not kept, and not held to the file limit
      stream.on('limit', () => fail(tooLarge())); // any file past the image limit, under whatever key
      if (decodeName(name) !== IMAGE_KEY) return void stream.resume(); // files under other keys are ignored, like unknown fields
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
        if (settled) return;
        // A copy of its own, never a view into Node's shared buffer pool: it is stored as it is.
        const data = new Uint8Array(Buffer.concat(chunks));
        into.image = { mime: sniffImageType(data), data, originalName: decodeName(filename), declaredMime: info.mimeType };
      });
    };
    parser
      .on('field', (name, value, info) => {
        if (name === undefined || info.valueTruncated) return fail(tooLarge());
        into.fields.push([decodeName(name), value]);
      })
      .on('file', onFile)
      .on('filesLimit', () => fail(tooLarge()))
      .on('fieldsLimit', () => fail(tooLarge()))
      .on('error', fail)
      .on('close', () => {
        if (settled) return;
        settled = true;
        resolve();
      });
    req
      .on('error', fail)
      .on('aborted', () => fail(new Error('Request aborted')))
      .on('close', () => {
        if (!req.readableEnded) fail(new Error('Request closed'));
      });
    req.pipe(parser);
  });
}
