// One masked journal entry per partner request, recorded by the pipeline's journal step once the answer is
// written (index.ts `record`): everything comes from the call itself (the request as read, the head as set, the body as sent). A body
// the pipeline refused before reading (auth, rate limit, a fault rule) is read here (unread-body.ts).
import type { IncomingMessage } from 'node:http';
import type { AppRecord, JournalEntry, JournalSummary } from '../../../src-shared/control';
import type { Endpoint, Family } from '../../../src-shared/endpoints';
import type { HoldOutcome } from '../../../src-shared/schemas/holds';
import { agentOf } from '../http/actor';
import { cut } from './cut';
import type { journalService } from './service';
import { captureRequest, type CapturedRequest } from './capture';
import { unreadBody } from './unread-body';
import type { RequestBody } from '../http/body';
import type { ResponseHead } from '../http/response-head';

export type Journal = ReturnType<typeof journalService>;

/** What the journal reads of a partner request and its answer. */
export interface JournalExchange {
  readonly req: IncomingMessage;
  readonly journal: Journal;
  /** The journal's `time`: when the request arrived. */
  readonly time: string;
  readonly path: string;
  /** The raw query string (after the first `?`). */
  readonly query: string;
  /** performance.now() when the request arrived. */
  readonly started: number;
  readonly family: Family | null;
  readonly appName: string | null;
  readonly app?: AppRecord;
  readonly endpoint?: Endpoint;
  readonly body: RequestBody;
  readonly head: ResponseHead;
  readonly status: number;
  readonly responseBody?: string;
  readonly error?: string;
  /** Set when the simulator made the answer up (a fault rule) rather than the API: flagged in the log (behaviour §18). */
  readonly injected?: JournalSummary['injected'];
  /** A held request: what was decided, by whom, after how long (behaviour §18). */
  readonly hold?: HoldOutcome;
  /** The consultation the request touched (its sid), for that consultation's timeline. */
  readonly consultation?: string;
  /** The consultation a body read only for the journal names (the request was refused before its input was read). */
  consultationOfBody?(body: RequestBody): string | undefined;
  /** The request as masked before its answer (a held one, for the list of held requests): masked once, not again. */
  readonly captured?: EarlyCapture;
  /** A refused call: why, for the tester only (partner/why/); stored beside the entry, never sent. */
  readonly why?: JournalEntry['why'];
}

/** A request masked early, with the body it was masked with: the entry reuses it when it records that body. */
export interface EarlyCapture {
  body: RequestBody;
  request: CapturedRequest;
}

function responseBytes(headers: Record<string, string>, body: string | undefined): number {
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) && declared >= 0 ? declared : body ? Buffer.byteLength(body) : 0;
}

export function recordExchange(x: JournalExchange): void {
  // Measured now, when the answer went out, even if the entry waits for a body still arriving.
  const duration = Math.round((performance.now() - x.started) * 100) / 100;
  const body = x.body.kind === 'none' ? unreadBody(x.req) : x.body;
  if (!(body instanceof Promise)) return write(x, body, duration);
  body.then(
    (b) => write(x, b, duration),
    () => write(x, x.body, duration),
  ).catch((err: Error) => console.error(`The journal could not record ${x.req.method} ${x.path}: ${err.stack ?? String(err)}`));
}

function write(x: JournalExchange, body: RequestBody, duration: number): void {
  // The head's own object: plain, built as the headers were set, and not changed once the answer is written.
  const headersSent = x.head.fields;
  const resBody = cut(x.responseBody ?? null);
  let request: CapturedRequest | undefined;
  let failure: string | undefined;
  try {
    request = x.captured?.body === body ? x.captured.request : captureRequest(x.req.headers, body, x.query);
  } catch (err) {
    // The entry still lands, without the request side that could not be read.
    failure = `The journal could not record this request: ${(err as Error).message}`;
  }
  const reqBody = cut(request?.body ?? null);
  // One literal with every field: spreading a shared base into it cost ~9 µs an entry (the object went
  // through a slow copy-and-extend path).
  x.journal.record({
    time: x.time,
    app: x.app?.name ?? x.appName,
    family: x.family,
    endpoint: x.endpoint?.id ?? null,
    method: x.req.method ?? '',
    path: x.path,
    status: x.status,
    duration_ms: duration,
    query: request?.query ?? '',
    request_headers: request?.headers ?? {},
    request_body: reqBody.text,
    request_params: request?.params ?? null,
    request_bytes: request?.bytes ?? 0,
    response_headers: headersSent,
    response_body: resBody.text,
    response_bytes: responseBytes(headersSent, x.responseBody),
    error: failure ?? x.error ?? null,
    truncated: reqBody.truncated || resBody.truncated,
    injected: x.injected ?? null,
    agent: agentOf(x.req.headers) ?? null,
    hold: x.hold ?? null,
    why: x.why ?? null,
  }, request?.originals, x.consultation ?? x.consultationOfBody?.(body) ?? null);
}
