// One partner request on its way through the pipeline: the locals the steps fill in (kept on res.locals,
// where the body reader and the journal's capture read them), the stamp every response gets, and the
// journal entry written when the response has finished. A class, so a request costs one object and no closures.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as legacyParse } from 'node:url';
import type { AppRecord } from '../../../src-shared/control';
import type { Endpoint, Family } from '../../../src-shared/endpoints';
import { journalTime } from '../journal/time';
import type { BeforeSend } from '../http/envelope';
import { recordExchange, type Journal, type JournalFacts } from '../http/journal-recorder';
import type { PartnerLocals } from '../http/partner-context';
import { ensureRateHeaders, type SimClockStore } from '../http/rate-limit';

/**
 * The path as express's req.path read it (parseurl): the part before `?` of an origin-form URL, and
 * Node's legacy parser for anything unusual (an absolute URL, a `#`, whitespace).
 */
export function pathOf(url: string): string {
  if (url.charCodeAt(0) === 0x2f) {
    let end = url.length;
    for (let i = 1; i < url.length; i++) {
      const c = url.charCodeAt(i);
      if (c === 0x3f) {
        end = i;
        break;
      }
      if (c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20 || c === 0x23 || c === 0xa0 || c === 0xfeff) return slowPath(url);
    }
    return url.slice(0, end);
  }
  return slowPath(url);
}

function slowPath(url: string): string {
  try {
    return legacyParse(url).pathname ?? '';
  } catch {
    return '';
  }
}

export class PartnerCall implements PartnerLocals, BeforeSend, JournalFacts {
  readonly started = performance.now();
  family: Family | null = null;
  appName: string | null = null;
  endpoint?: Endpoint;
  app?: AppRecord;
  input?: unknown;
  file?: PartnerLocals['file'];
  rawBody?: string;
  error?: string;
  responseBody?: string;
  /** The simulator clock when the request arrived; formatted for the journal only after the answer is written. */
  private readonly arrivedMs: number;
  readonly path: string;
  /** The raw query string (after the first `?`), as Laravel and the journal read it. */
  readonly query: string;

  constructor(readonly journal: Journal, readonly store: SimClockStore, nowMs: number, url: string) {
    this.arrivedMs = nowMs;
    this.path = pathOf(url);
    const q = url.indexOf('?');
    this.query = q < 0 ? '' : url.slice(q + 1);
  }

  /** The journal's `time` of the request (when it arrived). */
  get time(): string {
    return journalTime(this.arrivedMs);
  }

  /** Headers every partner response carries, and its body for the journal. */
  beforeSend(res: ServerResponse, text: string): void {
    ensureRateHeaders(res, this.store, this.app);
    if (!res.getHeader('cache-control')) res.setHeader('cache-control', 'no-cache, private');
    this.responseBody = text;
  }
}

/** The 'finish' listener: one function for every response (it finds its request through `res`). */
export function journalOnFinish(this: ServerResponse): void {
  const call = (this as ServerResponse & { locals: PartnerCall }).locals;
  recordExchange(this.req as IncomingMessage, this, call, call);
}
