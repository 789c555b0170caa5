// Control API: health, request journal, clock, faults, reset, snapshot, demo data, openapi.json.
import { PassThrough, type Readable } from 'node:stream';
import { inflater } from '../http/inflate';
import { Router, type Request } from 'express';
import { clockBody, resetBody } from '../../../src-shared/schemas/control';
import { SnapshotRefused, UploadTooLarge, type ControlPort } from '../domain/control-port';
import { faultRulesSchema } from '../domain/faults';
import { ControlError, parseControl } from './helpers';
import { openApiDocument } from './openapi';
import { journalRoutes } from './journal-routes';
import type { ControlCallLog } from './control-calls';
import { controlOpenApiDocument } from '../openapi/control-document';
import { requestBaseUrl } from '../http/base-url';

/** The largest snapshot a restore takes, after any content-encoding is undone. */
const SNAPSHOT_LIMIT = 512 * 1024 * 1024;

/**
 * The upload as a stream of its decoded bytes. Piped, not passed: an error while writing it out (the
 * limit, a full disk) must not destroy the request, whose socket still carries the 413 or 422 answer.
 * A client that goes away mid-upload ends the stream with an error, so no temp file is left waiting.
 */
function decodedUpload(req: Request): Readable {
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

export function systemRoutes(port: ControlPort, controlCalls: ControlCallLog): Router {
  const { facts, queries: q, commands: c } = port;
  const r = Router();

  // URLs in answers name the host the caller used (a container calling by service name with --control-token).
  r.get('/health', (req, res) =>
    void res.json({
      status: 'ok', version: facts.version, api_base_url: requestBaseUrl(req, port.baseUrl()), ui_url: `${port.baseUrl()}/__sim/`,
      data_dir: facts.dataDir ?? null, in_memory: !facts.dataDir, notices: facts.notices, clock: q.clock(),
      journal_count: q.requestCount(), journal_cap: facts.journalCap, journal_cap_bytes: facts.journalCapBytes ?? null,
    }),
  );

  r.use(journalRoutes(port, controlCalls));

  r.get('/clock', (_req, res) => void res.json(q.clock()));
  r.post('/clock', async (req, res) => void res.json(await c.changeClock(parseControl(clockBody, req.body))));

  r.get('/faults', (_req, res) => void res.json({ items: q.faults() }));
  r.put('/faults', (req, res) => {
    const body = (req.body as { items?: unknown })?.items ?? req.body;
    res.json({ items: c.replaceFaults(parseControl(faultRulesSchema, body)) });
  });

  // Answered as soon as the reset is committed (see simulator-state.ts): the bookkeeping after it
  // still runs before the next request is read.
  r.post('/reset', async (req, res) => {
    const options = parseControl(resetBody, req.body ?? {}); // the clock: kept, or back to real time
    let answered = false;
    try {
      await c.reset(() => {
        answered = true;
        res.json({ reset: true });
      }, options);
    } catch (err) {
      if (!answered) throw err;
      // The reset itself is committed and was reported as done; a second answer is impossible.
      console.error(`The reset is done, but clearing what the simulator keeps in memory after it failed: ${(err as Error).message}`);
    }
  });
  r.post('/demo-data', async (_req, res) => {
    res.json(await c.loadDemoData());
  });

  r.get('/snapshot', (_req, res) => {
    const bytes = q.snapshot();
    res.attachment(`vet-consult-simulator-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.sqlite`);
    res.setHeader('content-type', 'application/vnd.sqlite3');
    res.send(Buffer.from(bytes));
  });
  // Streamed to a temp file in the data folder, not buffered (the control port's receiveSnapshot).
  r.post('/snapshot', async (req, res) => {
    // A JSON body was read by the JSON parser: not a snapshot file.
    if ((req as { _body?: boolean })._body) throw new ControlError(422, 'invalid', 'Send the snapshot file as the request body (application/octet-stream).');
    const bytes = await c.receiveSnapshot(decodedUpload(req), SNAPSHOT_LIMIT).catch((err: Error) => {
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
    if (length === 0) throw new ControlError(422, 'invalid', 'Send the snapshot file as the request body (application/octet-stream).');
    try {
      await c.restore(bytes);
    } catch (err) {
      throw new ControlError(422, 'invalid_snapshot', (err as Error).message);
    }
    res.json({ restored: true, bytes: length });
  });

  r.get('/openapi.json', (req, res) => void res.json(openApiDocument(facts.version, requestBaseUrl(req, port.baseUrl()))));
  r.get('/openapi-control.json', (req, res) => void res.json(controlOpenApiDocument(facts.version, requestBaseUrl(req, port.baseUrl()))));
  return r;
}
