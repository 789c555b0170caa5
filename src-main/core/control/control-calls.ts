// The control-API calls that changed state (the vet's actions, the roster, the clock, faults, reset),
// kept in process memory so a HAR export can put them between the partner requests they came
// between (`/requests.har?control=include`): a session in which someone played the vet then replays
// against a fresh simulator. They are not partner traffic, so the request journal (behaviour §14)
// does not hold them. Only calls that were answered 2xx/3xx are kept, masked and cut as the journal's
// partner bodies are, within a count and a byte budget.
import type { ServerResponse } from 'node:http';
import { maskBodyText, maskQuery } from '../journal/masking';

export interface ControlCall {
  /** The newest partner journal entry when the call arrived: the call is replayed after it. */
  afterJournalId: number;
  time: string;
  method: string;
  /** Path and query as called, e.g. `/__sim/v1/consultations/CH…/accept`, secrets in the query masked. */
  url: string;
  contentType: string | null;
  /** The body masked as the journal masks partner bodies (masking.ts), at most BODY_CAP bytes. */
  body: string | null;
  status: number;
  duration_ms: number;
  /** The body was longer than BODY_CAP bytes: `body` (and `sent`) hold its start only. */
  body_cut?: boolean;
  /** What masking replaced, for an export with `credentials=include`: the URL and body as sent, when they differ. */
  sent?: { url: string; body: string | null };
}

/** At most this many calls, and this many bytes of URLs and bodies: the log lives in process memory. */
const CAP = 10_000;
const TOTAL_BYTES = 16 * 1024 * 1024;
/** Per body, as the journal cuts partner bodies (behaviour §14). */
export const BODY_CAP = 64 * 1024;

/** `text`'s first BODY_CAP bytes (never half a character); undefined when it fits. */
function cutToCap(text: string): string | undefined {
  if (text.length <= BODY_CAP / 3 || Buffer.byteLength(text) <= BODY_CAP) return undefined;
  // A character cut in half decodes as one U+FFFD at the end: it goes.
  // (The first BODY_CAP characters hold at least BODY_CAP bytes: only they are encoded.)
  return Buffer.from(text.slice(0, BODY_CAP)).subarray(0, BODY_CAP).toString('utf8').replace(/\ufffd$/, '');
}

const sizeOf = (c: ControlCall) => c.url.length + (c.body?.length ?? 0) + (c.sent ? c.sent.url.length + (c.sent.body?.length ?? 0) : 0);

/**
 * A call as the log keeps it: URL and body masked like a partner request's, the body cut at BODY_CAP bytes;
 * what masking replaced is kept beside it only when there was something to replace.
 */
export function keptCall(call: Omit<ControlCall, 'body_cut' | 'sent'> & { body: string | null }): ControlCall {
  const q = call.url.indexOf('?');
  const url = q < 0 ? call.url : `${call.url.slice(0, q)}?${maskQuery(call.url.slice(q + 1))}`;
  const cut = call.body === null ? undefined : cutToCap(call.body);
  const raw = cut ?? call.body;
  const body = raw === null ? null : maskBodyText(raw, call.contentType ?? '');
  return {
    ...call, url, body,
    ...(cut !== undefined ? { body_cut: true } : {}),
    ...(url !== call.url || body !== raw ? { sent: { url: call.url, body: raw } } : {}),
  };
}

export class ControlCallLog {
  private calls: ControlCall[] = [];
  private bytes = 0;
  list(): readonly ControlCall[] {
    return this.calls;
  }
  /** Characters held (a bound on memory: the log never holds more than TOTAL_BYTES of them). */
  size(): number {
    return this.bytes;
  }
  clear(): void {
    this.calls = [];
    this.bytes = 0;
  }
  record(call: ControlCall): void {
    this.calls.push(call);
    this.bytes += sizeOf(call);
    let drop = 0;
    while (this.calls.length - drop > CAP || (this.bytes > TOTAL_BYTES && drop < this.calls.length - 1)) this.bytes -= sizeOf(this.calls[drop++]);
    if (drop) this.calls.splice(0, drop);
  }
}

/** A state-changing call as it arrived; its body is read when it is recorded. */
export interface ArrivedCall {
  started: number;
  afterJournalId: number;
  method: string;
  url: string;
  contentType: string | null;
  body: () => string | null;
  /** A reset that succeeds starts the log over, itself its first call. */
  reset: boolean;
}

/** Records `call` once its answer is out (the control router's record step: router.ts). */
export function recordWhenAnswered(log: ControlCallLog, res: ServerResponse, call: ArrivedCall): void {
  res.once('finish', () => {
    // A refused call (a guard, validation, an unknown route, a failure) changed nothing, so a replay has nothing
    // to repeat; keeping it would let anyone who can reach the port fill memory with bodies no route took.
    if (res.statusCode >= 400) return;
    if (call.reset) log.clear();
    log.record(keptCall({
      afterJournalId: call.afterJournalId, time: new Date(call.started).toISOString(), method: call.method, url: call.url,
      contentType: call.contentType, body: call.body(), status: res.statusCode, duration_ms: Date.now() - call.started,
    }));
  });
}
