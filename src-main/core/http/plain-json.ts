// A JSON body as Laravel reads it: which Content-Types are JSON, and the text turned into a value, refused
// when nested past the limit before it is parsed, so a hostile body never becomes a deep object at all.
import type { IncomingMessage } from 'node:http';
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
 * The usual partner write: a JSON body of a declared length within the limit, UTF-8, not compressed. The
 * body reader takes it without reading the Content-Type's parameters or the Content-Encoding (A/B in
 * issue 14: the generic negotiation was ~7% of an A2 request's CPU).
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


/** A JSON body that did not parse: read as no input, with the parser's reason kept for the journal. */
export class UnreadableJson {
  constructor(readonly reason: string) {}
  /** The journal's `error` of the exchange, so a tester still sees why the fields came out missing. */
  get note(): string {
    return `The body was not valid JSON (${this.reason}); it was read as empty input, as Laravel does.`;
  }
}

/**
 * The value of a JSON body's text, as body-parser (strict: false) gave it: a bare value is a value, an
 * empty body (or a byte-order mark alone) is `{}`. Text that does not parse is Laravel's reading of it:
 * `json_decode` answers null, `(array) null` is no input at all, so the rules judge the query string alone
 * (behaviour §4) — an UnreadableJson, never an error of its own.
 */
export function parseJsonText(text: string): unknown {
  if (jsonDeeperThan(text, MAX_DEPTH)) throw tooDeep('request body');
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.length === 0) return {};
  try {
    return JSON.parse(json);
  } catch (err) {
    return new UnreadableJson((err as Error).message);
  }
}
