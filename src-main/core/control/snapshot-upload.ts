// POST /__sim/v1/snapshot: the upload streamed to a temp file in the data folder, not buffered (the control
// port's receiveSnapshot), checked completely, then restored; a refused file changes nothing.
import { PassThrough, type Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { SnapshotRefused, UploadTooLarge, type ControlPort } from '../domain/control-port';
import { inflater } from '../http/inflate';
import type { ControlCall } from './handler';
import { ControlError } from './helpers';

/** The largest snapshot a restore takes, after any content-encoding is undone. */
const SNAPSHOT_LIMIT = 512 * 1024 * 1024;
const NOT_A_FILE = 'Send the snapshot file as the request body (application/octet-stream).';

/**
 * The upload as a stream of its decoded bytes. Piped, not passed: an error while writing it out (the limit, a
 * full disk) must not destroy the request, whose socket still carries the 413 or 422 answer. A client that goes
 * away mid-upload ends the stream with an error, so no temp file is left waiting.
 */
function decodedUpload(req: IncomingMessage): Readable {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  // The partner side's decompressors (http/inflate.ts), and x-gzip, which HTTP/1.1 says to read as gzip.
  const out = encoding === 'identity' ? new PassThrough() : inflater(encoding === 'x-gzip' ? 'gzip' : encoding);
  if (!out) throw new ControlError(415, 'unsupported_encoding', `Unsupported content-encoding "${encoding.slice(0, 40)}": send the snapshot as it is, or gzip, deflate or br.`);
  req.on('close', () => {
    if (!req.complete) out.destroy(new Error('the client closed the connection before the whole snapshot arrived'));
  });
  req.on('error', (err) => out.destroy(err));
  req.pipe(out);
  return out;
}

/** A JSON body is not a snapshot file (the UI or a script sent the wrong thing). */
const isJson = (req: IncomingMessage) => /^application\/(?:[\w.+-]*\+)?json\b/i.test(String(req.headers['content-type'] ?? ''));

export async function restoreUpload(port: ControlPort, { req, res }: ControlCall): Promise<{ restored: true; bytes: number }> {
  if (isJson(req)) {
    req.resume(); // read and dropped, so the answer reaches a client still sending
    throw new ControlError(422, 'invalid', NOT_A_FILE);
  }
  const bytes = await port.commands.receiveSnapshot(decodedUpload(req), SNAPSHOT_LIMIT).catch((err: Error) => {
    if (err instanceof UploadTooLarge) {
      // The rest of the upload is not read: the connection cannot carry another request.
      res.setHeader('connection', 'close');
      throw new ControlError(413, 'too_large', 'Payload Too Large');
    }
    if (err instanceof SnapshotRefused) throw new ControlError(422, 'invalid_snapshot', err.message);
    if (err instanceof ControlError) throw err;
    // The data folder's disk, not the client, is at fault.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new ControlError(507, 'insufficient_storage', `The snapshot could not be stored for checking: ${err.message}`);
    // Other system errors (EIO, EACCES) are the server's; the rest is a corrupt encoding or a client gone.
    if (code && /^E[A-Z]+$/.test(code)) throw err;
    throw new ControlError(400, 'bad_request', `The snapshot could not be received: ${err.message}`);
  });
  // Read now: the restore takes the buffer over (sql.js adopts it as its database file).
  const length = bytes.length;
  if (length === 0) throw new ControlError(422, 'invalid', NOT_A_FILE);
  try {
    await port.commands.restore(bytes);
  } catch (err) {
    throw new ControlError(422, 'invalid_snapshot', (err as Error).message);
  }
  return { restored: true, bytes: length };
}
