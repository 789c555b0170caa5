// The control-API calls that changed state (the vet's actions, the roster, the clock, faults, reset),
// kept in process memory so a HAR export can put them between the partner requests they came
// between (`/requests.har?control=include`): a session in which someone played the vet then replays
// against a fresh simulator. They are not partner traffic, so the request journal (behaviour §14)
// does not hold them.
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

export interface ControlCall {
  /** The newest partner journal entry when the call arrived: the call is replayed after it. */
  afterJournalId: number;
  time: string;
  method: string;
  /** Path and query as called, e.g. `/__sim/v1/consultations/CH…/accept`. */
  url: string;
  contentType: string | null;
  body: string | null;
  status: number;
  duration_ms: number;
}

const CAP = 10_000;
/** Snapshots are binary and can be huge; a restore is not a step a replay can repeat from a HAR. */
const NOT_RECORDED = /^\/snapshot\b/;

export class ControlCallLog {
  private calls: ControlCall[] = [];
  list(): readonly ControlCall[] {
    return this.calls;
  }
  clear(): void {
    this.calls = [];
  }
  record(call: ControlCall): void {
    this.calls.push(call);
    if (this.calls.length > CAP) this.calls.splice(0, this.calls.length - CAP);
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

/** Records `call` once its answer is out: the one rule for express's control API and the lean routes (lean-routes.ts). */
export function recordWhenAnswered(log: ControlCallLog, res: ServerResponse, call: ArrivedCall): void {
  res.once('finish', () => {
    if (call.reset && res.statusCode < 300) log.clear();
    log.record({
      afterJournalId: call.afterJournalId, time: new Date(call.started).toISOString(), method: call.method, url: call.url,
      contentType: call.contentType, body: call.body(), status: res.statusCode, duration_ms: Date.now() - call.started,
    });
  });
}

/** Mounted after the control API's JSON body parser, so the body is the one the route saw. */
export function recordControlCalls(log: ControlCallLog, newestJournalId: () => number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || NOT_RECORDED.test(req.path)) return next();
    const started = Date.now();
    // Read now: by the time an async route answers, express has put the mount path back into req.url.
    const path = req.path;
    const afterJournalId = path === '/reset' ? 0 : newestJournalId(); // a reset starts the replay over
    // Clearing the request log clears these too (below), and is not one of them.
    if (path !== '/requests')
      recordWhenAnswered(log, res, {
        started, afterJournalId, method: req.method, url: req.originalUrl, contentType: req.headers['content-type'] ?? null, reset: path === '/reset',
        // A body that came, even an empty list or object (`PUT /faults []` disarms): express gives {} for none.
        body: () => (sentBody(req) && req.body !== undefined ? bodyText(req.body) : null),
      });
    if (req.method === 'DELETE' && path === '/requests') log.clear();
    next();
  };
}

/** Whether the request carried a body at all (express.json leaves `{}` either way). */
function sentBody(req: { headers: Record<string, string | string[] | undefined> }): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** The body as JSON text; null if it cannot be written back (this runs in a `finish` listener: it must never throw). */
function bodyText(body: unknown): string | null {
  try {
    return JSON.stringify(body);
  } catch {
    return null;
  }
}
