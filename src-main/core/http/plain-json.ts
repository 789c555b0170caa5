// A JSON body as Laravel reads it: which Content-Types are JSON, and the text turned into a value, refused
// when nested past the limit before it is parsed, so a hostile body never becomes a deep object at all.
import type { IncomingMessage } from 'node:http';
import { BOM_REASON } from './body-notes';
import { JSON_LIMIT } from './body-limits';
import { MAX_DEPTH, tooDeep } from './laravel-input';
import { jsonDeeperThan } from '../../../src-shared/json-depth';

/**
 * Whether Laravel reads the body as JSON: `Request::isJson()` looks for `/json` or `+json` anywhere in the
 * Content-Type header, case-sensitively (`Str::contains`). So `text/json` is JSON, and `Application/JSON`
 * is not: Laravel then sees no input from the body at all.
 */
export const isJsonContentType = (contentType: string | undefined): boolean => contentType !== undefined && /\/json|\+json/.test(contentType);

const JSON_TYPE = 'application/json';
/** After `application/json` (matched as Laravel does, case-sensitively): nothing, or a UTF-8 charset in any case. */
const PLAIN_PARAMS = /^\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/**
 * The usual JSON write: a body of a declared length within the limit, UTF-8, not compressed. The control
 * API's lean routes take it without express (A/B in issue 14: the generic negotiation was ~7% of a
 * request's CPU). The partner reader needs no such test: it reads every JSON body's bytes as sent.
 */
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

/** A JSON body that did not parse: read as no input, with the reason kept for the journal (body-notes.ts). */
export class UnreadableJson {
  constructor(readonly reason: string) {}
}

/**
 * The value of a JSON body's text: a bare value is a value, an empty body is `{}`. Text that does not parse
 * is Laravel's reading of it: `json_decode` answers null, `(array) null` is no input at all, so the rules
 * judge the query string alone (behaviour §4) — an UnreadableJson, never an error of its own. A leading
 * byte-order mark is such text (json_decode refuses it, issue 35 #18), not a mark to skip.
 */
export function parseJsonText(text: string): unknown {
  if (jsonDeeperThan(text, MAX_DEPTH)) throw tooDeep('request body');
  if (text.length === 0) return {};
  if (text.charCodeAt(0) === 0xfeff) return new UnreadableJson(BOM_REASON);
  try {
    return JSON.parse(text);
  } catch (err) {
    return new UnreadableJson((err as Error).message);
  }
}
