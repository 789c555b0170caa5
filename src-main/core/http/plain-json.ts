// The usual partner write, read without body-parser: a JSON body of a declared length within the limit,
// utf-8, not compressed. body-parser's generic path (content-type parsing, charset and encoding
// negotiation, raw-body, iconv) was ~7% of an A2 request's CPU in a profile; A/B in one sitting, 3 rounds: 385–424 µs
// per A2 against 392–486 µs with body-parser (issue 14). Anything unusual (chunked,
// gzip, another charset, `application/*+json`, a length past the limit) still goes through it unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_LIMIT } from './body-limits';
import { jsonDeeperThan, MAX_DEPTH, tooDeep } from './laravel-input';
import { partnerLocals } from './partner-context';

/**
 * Whether Laravel reads the body as JSON: `Request::isJson()` looks for `/json` or `+json` anywhere in the
 * Content-Type header, case-sensitively (`Str::contains`). So `text/json` is JSON, and `Application/JSON`
 * is not: Laravel then sees no input from the body at all.
 */
export const isJsonContentType = (contentType: string | undefined): boolean => contentType !== undefined && /\/json|\+json/.test(contentType);

const JSON_TYPE = 'application/json';
/** After `application/json` (matched as Laravel does, case-sensitively): nothing, or a UTF-8 charset in any case. */
const PLAIN_PARAMS = /^\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/** Whether the request is one this reader answers exactly as body-parser's JSON reader would. */
export function isPlainJson(req: IncomingMessage): boolean {
  const h = req.headers;
  const length = h['content-length'];
  const type = h['content-type'] ?? '';
  return (
    h['transfer-encoding'] === undefined && h['content-encoding'] === undefined &&
    length !== undefined && /^\d{1,8}$/.test(length) && Number(length) <= JSON_LIMIT &&
    type.startsWith(JSON_TYPE) && PLAIN_PARAMS.test(type.slice(JSON_TYPE.length))
  );
}

/**
 * A JSON body's text as read: kept for the journal (the raw text Laravel saw), and refused from the text
 * when nested past the limit, so a hostile body never becomes a deep object that something walks.
 * Shared with body-parser's reader (body-parsers.ts), which calls it as its `verify`.
 */
export function acceptJsonText(res: ServerResponse, text: string): void {
  partnerLocals(res).rawBody = text;
  if (jsonDeeperThan(text, MAX_DEPTH)) throw tooDeep('request body');
}

/** body-parser's error shapes, so the pipeline's error table (partner-errors.ts) answers them alike. */
const failure = (message: string, status: number, type: string, extra: object = {}) => Object.assign(new Error(message), { status, statusCode: status, expose: true, type, ...extra });

/** Reads the body into `req.body` (an empty body is `{}`, as body-parser gives it) and its text into the locals. */
export function readPlainJson(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<void> {
  const expected = Number(req.headers['content-length']);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      if (received !== expected) return reject(failure('request size did not match content length', 400, 'request.size.invalid', { expected, length: expected, received }));
      const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)).toString('utf8');
      try {
        acceptJsonText(res, text);
      } catch (err) {
        return reject(err);
      }
      // iconv (body-parser's decoder) drops a byte-order mark; JSON.parse would not take it.
      const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
      if (json.length === 0) {
        req.body = {};
        return resolve();
      }
      try {
        req.body = JSON.parse(json);
      } catch (err) {
        return reject(failure((err as Error).message, 400, 'entity.parse.failed', { body: json }));
      }
      resolve();
    };
    const onAborted = () => {
      cleanup();
      reject(failure('request aborted', 400, 'request.aborted', { code: 'ECONNABORTED', expected, length: expected, received }));
    };
    // A client gone before the end of its body: no 'end' will come (and 'aborted' is not emitted by every Node).
    const onClose = () => {
      if (!req.complete) onAborted();
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      req.off('data', onData).off('end', onEnd).off('aborted', onAborted).off('close', onClose).off('error', onError);
    };
    req.on('data', onData).on('end', onEnd).on('aborted', onAborted).on('close', onClose).on('error', onError);
  });
}
