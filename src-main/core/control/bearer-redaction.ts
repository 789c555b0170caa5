// Bearer credentials in response bodies (behaviour §14): A8/B10 hand out an `rtcToken` that opens the pet owner's
// page and its message API, register/refresh answers a `token`. The journal shows them to the tester who made the
// call; an export leaves the machine, so it carries `***` in their place unless credentials are asked for.
import { MASK } from '../journal/masking';

/**
 * `"rtcToken": "…"` and `"token": "…"` as JSON writes them, also inside a JSON string at any depth of escaping
 * (A8's `stringify_response` is a JSON document in a string: `\"rtcToken\":\"…\"`). The value's closing quote
 * has as many backslashes before it as its opening one. Works on cut or invalid JSON too (the text is not parsed): a value cut off
 * at the journal's 64 KiB is redacted to the end.
 */
const BEARER_FIELD = /(?<![A-Za-z0-9_])((\\*)")(rtcToken|token)\2"(\s*:\s*)\2"((?:(?!\2").)*?)(?:\2"|$)/gs;

export function redactBearerTokens(text: string): string {
  if (!/token"/i.test(text) && !/token\\+"/i.test(text)) return text;
  return text.replace(BEARER_FIELD, (_m, open: string, slashes: string, key: string, colon: string) =>
    `${open}${key}${slashes}"${colon}${slashes}"${MASK}${slashes}"`);
}
