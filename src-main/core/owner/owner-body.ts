// The one body the owner page's API reads: `{"body": "<message>"}` as UTF-8 JSON, uncompressed, of at most
// OWNER_BODY_BYTES. Everything else is a refusal with a sentence (413, 415, 400, 422), never an exception:
// this API is the one reached from other machines. The bytes are read by the wire's own reader (http/).
import type { IncomingMessage } from 'node:http';
import { OWNER_BODY_BYTES } from '../domain/chat-limits';
import { DomainError } from '../errors';
import { readBytes } from '../http/body-text';
import { mediaTypeOf, parameterOf } from '../http/media-type';
import { OwnerRefusal } from '../domain/owner-refusal';

const UTF8 = new Set(['utf-8', 'utf8']);
/** Strict: a byte sequence that is no character (an encoded lone surrogate among them) is refused, not replaced. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

const isJsonType = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);

/**
 * The refusals that depend on the headers alone. The page sends plain UTF-8 JSON; a compressed body is
 * refused rather than inflated (no decompressor runs on bytes from another machine), whatever the encoding.
 */
function checkHeaders(req: IncomingMessage): void {
  const encoding = req.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity')
    throw new OwnerRefusal(415, 'unsupported_encoding', 'Send the message uncompressed: this API takes no Content-Encoding.');
  const type = req.headers['content-type'];
  if (!isJsonType(mediaTypeOf(type)))
    throw new OwnerRefusal(415, 'unsupported_media_type', 'Send the message as JSON: Content-Type: application/json.');
  const charset = parameterOf(type, 'charset');
  if (charset !== undefined && !UTF8.has(charset.toLowerCase()))
    throw new OwnerRefusal(415, 'unsupported_charset', 'Send the message as UTF-8 JSON (charset=utf-8, or no charset).');
}

async function bytesOf(req: IncomingMessage): Promise<Buffer> {
  try {
    return await readBytes(req, OWNER_BODY_BYTES);
  } catch (err) {
    if (err instanceof DomainError && err.status === 413)
      throw new OwnerRefusal(413, 'too_large', `The request body is larger than any message can be (${OWNER_BODY_BYTES.toLocaleString('en-US')} bytes).`);
    if (err instanceof DomainError && err.status === 415)
      throw new OwnerRefusal(415, 'unsupported_encoding', 'Send the message uncompressed: this API takes no Content-Encoding.');
    throw new OwnerRefusal(400, 'incomplete_body', 'The request body did not arrive whole.');
  }
}

/** The message text of a post, as sent (the rules trim and count it: domain/messages.ts). */
export async function readOwnerMessage(req: IncomingMessage): Promise<string> {
  checkHeaders(req);
  const bytes = await bytesOf(req);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new OwnerRefusal(422, 'invalid', 'The body field must be valid UTF-8 text: it holds bytes that are no character (a broken sequence or an encoded lone surrogate).');
  }
  let doc: unknown = {};
  if (text.trim() !== '') {
    try {
      doc = JSON.parse(text);
    } catch {
      throw new OwnerRefusal(400, 'malformed_json', 'Malformed JSON body.');
    }
  }
  const body = (doc as { body?: unknown } | null)?.body;
  // Absent and not text are two mistakes, and the page's author needs to know which (a number once read "required").
  if (body === undefined || body === null) throw new OwnerRefusal(422, 'invalid', 'The body field is required.');
  if (typeof body !== 'string') throw new OwnerRefusal(422, 'invalid', 'The body field must be a string.');
  return body;
}
