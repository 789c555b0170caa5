// What the journal says about a partner body that gave no input (behaviour §4, "Bodies as PHP receives
// them"): the tester sees why the fields came out missing, never the client (the answer is Laravel's
// empty-input 422 or whatever the query string alone gives). One sentence per reading, naming the header
// that decided it and the PHP/Laravel behaviour it follows.
import type { IncomingHttpHeaders } from 'node:http';
import { parameterOf } from './media-type';

/** Why json_decode refused the bytes (the parser's own message for a syntax error). */
export const BOM_REASON = "it starts with a UTF-8 byte-order mark, which PHP's json_decode refuses";
export const NOT_UTF8_REASON = "its bytes are not valid UTF-8, which PHP's json_decode refuses";

/** A Content-Encoding other than identity: sent, and ignored. */
function encodingOf(headers: IncomingHttpHeaders): string | undefined {
  const encoding = headers['content-encoding']?.trim();
  return encoding && encoding.toLowerCase() !== 'identity' ? encoding : undefined;
}

/** A JSON body json_decode refused: read as empty input. */
export function unreadableJsonNote(reason: string, headers: IncomingHttpHeaders): string {
  const encoding = encodingOf(headers);
  const charset = parameterOf(headers['content-type'], 'charset');
  const why = encoding
    ? `The body was sent with Content-Encoding ${encoding}; the service does not decode request bodies (neither PHP, Symfony nor php-fpm does), so it was read as the bytes sent, which are not valid JSON (${reason})`
    : `The body was not valid JSON (${reason})`;
  const ignored = charset && !/^utf-?8$/i.test(charset)
    ? ` Its charset=${charset} was ignored: Laravel's isJson() looks at the media type only, and json_decode reads UTF-8.`
    : '';
  return `${why}; it was read as empty input, as Laravel does.${ignored}`;
}

/**
 * A body Laravel reads no input from: a Content-Type that is neither JSON (Request::isJson(): `/json` or
 * `+json` anywhere in the header, case-sensitively) nor a form, or a form on GET/HEAD
 * (Request::getInputSource() takes the query string there). Undefined for a body of no bytes.
 */
export function unreadBodyNote(headers: IncomingHttpHeaders, method: string | undefined, form: boolean): string {
  const type = headers['content-type'];
  if (form) return `The body was not read: on ${method} Laravel takes its input from the query string alone (Request::getInputSource()), whatever the Content-Type.`;
  const what = type === undefined || type.trim() === '' ? 'the request has no Content-Type' : `its Content-Type is ${type}`;
  return `The body was not read as JSON: ${what}, and Laravel reads a body as JSON only when its Content-Type contains "/json" or "+json" (Request::isJson(), case-sensitive); the input is the query string alone.`;
}
