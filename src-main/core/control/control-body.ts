// A control request's JSON body, read as express.json read it for this API (so its answers stay what they were):
// only `application/json` is parsed (another type is no body), UTF-8/16 charsets, gzip, deflate and br undone,
// at most 1 MiB after that, strict (an object or an array), an empty body is {}, nesting past 64 levels refused
// before parsing (5,000 levels parsed fine and then overflowed every JSON.stringify of the body).
import type { IncomingMessage } from 'node:http';
import { readBytes } from '../http/body-text';
import { inflater } from '../http/inflate';
import { mediaTypeOf, parameterOf } from '../http/media-type';
import { ControlError, tooDeepJson } from './helpers';

const LIMIT = 1024 * 1024;

/** The body's value, or undefined when none came or it is not JSON (the route then reads `{}`), and its text. */
export interface ControlBody {
  value: unknown;
  /** What a replay of the call sends (the parsed body written back); null when no body came. */
  text: string | null;
}

const NONE: ControlBody = { value: undefined, text: null };

/** Whether a body comes at all (type-is's hasBody). */
const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && !Number.isNaN(Number(req.headers['content-length'])));

async function decodedBytes(req: IncomingMessage): Promise<Buffer> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return readBytes(req, LIMIT).catch(refused);
  const out = inflater(encoding);
  if (!out) {
    req.resume();
    throw new ControlError(415, 'bad_request', `unsupported content encoding "${encoding.slice(0, 40)}"`);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    out.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMIT) {
        out.destroy();
        req.resume();
        return reject(new ControlError(413, 'too_large', 'Payload Too Large'));
      }
      chunks.push(chunk);
    });
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', () => reject(new ControlError(400, 'bad_request', 'The body could not be decompressed.')));
    req.on('error', (err) => out.destroy(err));
    req.pipe(out);
  });
}

function refused(err: Error & { status?: number }): never {
  if (err.status === 413 || /Payload Too Large/.test(err.message)) throw new ControlError(413, 'too_large', 'Payload Too Large');
  throw new ControlError(400, 'bad_request', err.message || 'Bad Request');
}

export async function readControlBody(req: IncomingMessage): Promise<ControlBody> {
  if (!hasBody(req) || mediaTypeOf(req.headers['content-type']) !== 'application/json') {
    if (hasBody(req)) req.resume(); // unread, as express.json leaves another type: dropped so the socket goes on
    return NONE;
  }
  const charset = (parameterOf(req.headers['content-type'], 'charset') ?? 'utf-8').toLowerCase();
  if (!charset.startsWith('utf-') || !['utf-8', 'utf-16le', 'utf-16be', 'utf-16'].includes(charset)) {
    req.resume();
    throw new ControlError(415, 'unsupported_charset', 'Unsupported charset: send JSON as UTF-8.');
  }
  const bytes = await decodedBytes(req);
  let text = charset === 'utf-8' ? bytes.toString('utf8') : new TextDecoder(charset).decode(bytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // iconv drops a byte-order mark
  if (text.length === 0) return { value: {}, text: null };
  const deep = tooDeepJson(text);
  if (deep) throw new ControlError(400, 'bad_request', deep);
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
  let value: unknown;
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError('not an object or array');
    value = JSON.parse(text);
  } catch {
    throw new ControlError(400, 'malformed_json', 'Malformed JSON body.');
  }
  return { value, text: JSON.stringify(value) };
}
