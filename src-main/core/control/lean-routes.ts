// The vet console's actions on a consultation (accept, end, outcome, feedback) and the reset on plain node:http,
// as the partner routes are: a partner's test drives the vet through these between its own calls and resets
// between its tests, and through express each cost about twice a partner write (issue 30: router layers,
// body-parser, res.json). Same guards
// (token-access.ts, guard.ts), same body rules as express.json, same answers and headers as
// consultation-routes.ts, and the same record for the HAR export (control-calls.ts). Anything unusual — a
// refused request, another content type or encoding, a chunked or large body, an escaped sid, another method
// or spelling of the path — is left to express, which answers it as it always has.
import { isPlainJson } from '../http/plain-json';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { feedbackWriteBody, outcomeBody, resetBody } from '../../../src-shared/schemas/control';
import type { ControlPort } from '../domain/control-port';
import { recordWhenAnswered, type ControlCallLog } from './control-calls';
import { controlErrorOf, parseControl, tooDeepJson } from './helpers';
import { accessRefusal } from './token-access';
import { isoTimeReplacer } from './iso-times';
import { refusalBody } from './guard';

/** POST /__sim/v1/consultations/:sid/(accept|end|outcome), PUT …/feedback; the sid without `%` escapes. */
const ACTION = /^\/__sim\/v1\/consultations\/([^/?#%]+)\/(accept|end|outcome|feedback)(?:\?|$)/;
const RESET = /^\/__sim\/v1\/reset(?:\?|$)/;

type Action = (port: ControlPort, sid: string, body: unknown) => unknown;
const ACTIONS: Record<string, { method: string; run: Action }> = {
  accept: { method: 'POST', run: (p, sid) => p.commands.acceptConsultation(sid) },
  end: { method: 'POST', run: (p, sid) => p.commands.endConsultation(sid) },
  outcome: { method: 'POST', run: (p, sid, body) => p.commands.recordOutcome(sid, parseControl(outcomeBody, body).status) },
  feedback: { method: 'PUT', run: (p, sid, body) => p.commands.writeFeedback(sid, parseControl(feedbackWriteBody, body)) },
};

/** express's res.json, as the control API's routes and its error handler write it (etag and x-powered-by off). */
function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value, isoTimeReplacer); // times as ISO 8601 with their zone, as express's routes send them
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** body-parser's JSON (strict): an empty body is {}, anything but an object or array a parse error. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // iconv-lite drops a BOM
  if (body.length === 0) return { ok: true, value: {} };
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(body)?.[1];
  if (first !== '{' && first !== '[') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether this request has no body (express.json leaves req.body unset), the partner side's plain JSON body (a
 * declared length within express.json's 1 MiB, UTF-8, not compressed: isPlainJson), or anything else, which
 * express reads and answers as it always has (a capitalised type, an `identity` encoding, a chunked body…).
 */
function jsonBodyLength(req: IncomingMessage): number | 'none' | 'express' {
  const h = req.headers;
  if (h['content-length'] === undefined && h['transfer-encoding'] === undefined && h['content-encoding'] === undefined) return 'none';
  return isPlainJson(req) ? Number(h['content-length']) : 'express';
}

/** The handler: true when it took the request (it then answers it), false to leave it to express. */
export function leanControlRoutes(port: ControlPort, calls: ControlCallLog): (req: IncomingMessage, res: ServerResponse) => boolean {
  const token = port.facts.controlToken;
  return (req, res) => {
    const url = req.url;
    if (url === undefined || url.charCodeAt(1) !== 0x5f /* _ */) return false;
    const m = ACTION.exec(url);
    const reset = !m && req.method === 'POST' && RESET.test(url);
    const action = m && ACTIONS[m[2]];
    if ((!reset && (!action || action.method !== req.method)) || accessRefusal(token, req)) return false;
    const length = jsonBodyLength(req);
    if (length === 'express') return false;
    res.setHeader('cache-control', 'no-store'); // as the guard sets it, before the body is read
    const answer = (body: unknown, raw: string | null) => {
      // Taken once the body is read, as recordControlCalls (mounted after express.json) takes them.
      const started = Date.now();
      recordWhenAnswered(calls, res, {
        started, afterJournalId: reset ? 0 : port.queries.newestRequestId(), method: req.method!, url, contentType: req.headers['content-type'] ?? null, body: () => raw, reset,
      });
      if (reset) return answerReset(res, body);
      let status = 200;
      let value: unknown;
      try {
        value = action!.run(port, m![1], body);
      } catch (err) {
        const e = controlErrorOf(err);
        status = e.status;
        value = refusalBody(e);
      }
      sendJson(res, status, value);
    };
    /** system-routes.ts's POST /reset: answered once the reset is durable, the bookkeeping after it still running. */
    const answerReset = (res: ServerResponse, body: unknown) => {
      let answered = false;
      let options;
      try {
        options = parseControl(resetBody, body ?? {}); // what to do with the clock (keep, or back to real time)
      } catch (err) {
        const e = controlErrorOf(err);
        return sendJson(res, e.status, refusalBody(e));
      }
      port.commands
        .reset(() => {
          answered = true;
          sendJson(res, 200, { reset: true });
        }, options)
        .catch((err: unknown) => {
          if (answered) return console.error(`The reset is done, but clearing what the simulator keeps in memory after it failed: ${(err as Error).message}`);
          const e = controlErrorOf(err);
          sendJson(res, e.status, refusalBody(e));
        });
    };
    if (length === 'none') {
      answer(undefined, null);
      return true;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      // As express.json's verify (refuseDeepJson): 5,000 levels parsed, then overflowed the record's JSON.stringify.
      const deep = tooDeepJson(text);
      if (deep) return sendJson(res, 400, refusalBody({ code: 'bad_request', message: deep }));
      const parsed = parseJson(text);
      // A body that does not parse is refused before the call is recorded, as express.json refuses it before recordControlCalls.
      if (!parsed.ok) return sendJson(res, 400, refusalBody({ code: 'malformed_json', message: 'Malformed JSON body.' }));
      const v = parsed.value;
      // Any body that came is kept for the HAR replay, an empty [] or {} too; none (content-length 0) is null, as control-calls.ts does.
      answer(v, text.length ? JSON.stringify(v) : null);
    });
    return true;
  };
}
