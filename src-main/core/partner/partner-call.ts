// One partner request, typed, from the socket to the journal: what the steps learn about it (route, app,
// the body as read, the input, why it was refused), the head its answer carries, and the one place that
// answer is written. The pipeline's last step hands the call to the journal (journal.record(call)).
// Passed explicitly to every step: nothing rides on the request or response objects. A class (and its head), so a request costs two objects and no closures.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as legacyParse } from 'node:url';
import type { AppRecord } from '../../../src-shared/control';
import type { Family } from '../../../src-shared/endpoints';
import type { HoldOutcome } from '../../../src-shared/schemas/holds';
import type { Decision, Parking } from '../domain/holds/desk';
import { inputOf, NO_BODY, type InputReading, type RequestBody } from '../http/body';
import type { PartnerEndpoint } from './endpoint';
import { envelopeText } from '../http/envelope';
import { journalTime, type EarlyCapture, type Journal, type JournalExchange } from '../journal';
import type { Bag } from '../http/laravel-input';
import type { UploadedImage } from '../http/multipart';
import { ensureRateHeaders, type SimClockStore } from '../http/rate-limit';
import { ResponseHead } from '../http/response-head';
import type { Why } from './why/why';

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

export class PartnerCall implements InputReading, JournalExchange {
  readonly started = performance.now();
  family: Family | null = null;
  appName: string | null = null;
  endpoint?: PartnerEndpoint;
  app?: AppRecord;
  body: RequestBody = NO_BODY;
  input?: Bag;
  /** An unexpected error's stack, for the journal only. */
  error?: string;
  /**
   * A fault rule's doing (its status answered, or its delay held the answer), or a hold's (a decided answer, or
   * a request held before the API answered it): flagged in the journal (behaviour §18).
   */
  injected: 'fault' | 'delay' | 'decided' | 'held' | null = null;
  /** Set once a hold held this request and a decision came (hold-step.ts). */
  holding?: { parking: Parking; decision: Decision; heldMs: number };
  /** What the hold's decision came to, for the journal; made when the call ended (the pipeline's last step). */
  hold?: HoldOutcome;
  /** The request as masked when a hold held it (hold-step.ts): its journal entry reuses it rather than mask it again. */
  captured?: EarlyCapture;
  /** A refused call: why, for the tester (partner/why/), recorded with its journal entry and never sent. */
  why?: Why | null;
  /** The consultation this call touched (endpoint.ts `consultation`), for its timeline. */
  consultation?: string;
  readonly head = new ResponseHead();
  status = 200;
  responseBody?: string;
  /** Whether the answer has been written (a later error has nothing left to answer). */
  sent = false;
  /** The simulator clock when the request arrived; formatted for the journal only after the answer is written. */
  private readonly arrivedMs: number;
  readonly path: string;
  /** The raw query string (after the first `?`), as Laravel and the journal read it. */
  readonly query: string;

  constructor(readonly req: IncomingMessage, readonly res: ServerResponse, readonly journal: Journal, readonly store: SimClockStore, nowMs: number) {
    this.arrivedMs = nowMs;
    const url = req.url ?? '/';
    this.path = pathOf(url);
    const q = url.indexOf('?');
    this.query = q < 0 ? '' : url.slice(q + 1);
  }

  /**
   * The consultation a request names that the pipeline refused before reading its input (a fault rule, the rate
   * limit, auth): read again from the query and the journal's copy of the body, so it is on the timeline too.
   */
  consultationOfBody(body: RequestBody): string | undefined {
    const named = this.endpoint?.consultationIn;
    if (!named || this.input !== undefined) return undefined;
    try {
      return named(inputOf(this.req, this.query, body));
    } catch {
      return undefined; // a body that does not read names nothing
    }
  }

  /** The journal's `time` of the request (when it arrived). */
  get time(): string {
    return journalTime(this.arrivedMs);
  }

  /** The image of a multipart body (A3/B2's `profile`), if one came. */
  get file(): UploadedImage | undefined {
    return this.body.kind === 'multipart' ? this.body.image : undefined;
  }

  /** An envelope already serialized (a cached answer is one), as JSON. */
  sendEnvelope(status: number, text: string): void {
    this.head.setHeader('cache-control', 'no-cache, private');
    // Exactly `application/json`, no charset: the spec shows it so.
    this.head.setHeader('content-type', 'application/json');
    this.send(status, text);
  }

  sendFailure(status: number, message: string[]): void {
    this.sendEnvelope(status, envelopeText(status, message, []));
  }

  /**
   * The one place a partner answer is written. With a body: the headers every partner response carries,
   * and a content-length (no body on HEAD, as express's res.send did). The pipeline journals the call next,
   * in the same turn of the event loop: the entry is there before the client can ask for it.
   */
  send(status: number, text?: string): void {
    if (text !== undefined) {
      ensureRateHeaders(this.head, this.store, this.app);
      if (!this.head.hasHeader('cache-control')) this.head.setHeader('cache-control', 'no-cache, private');
      this.head.setHeader('content-length', String(Buffer.byteLength(text)));
      this.responseBody = text;
    }
    // A throw here (a header Node refuses) leaves `sent` false: the pipeline then answers 500 or closes the socket.
    this.res.writeHead(status, this.head.wire());
    this.sent = true;
    this.status = status;
    // A string, not a Buffer: Node then sends the head and the body in one write instead of a writev of two.
    if (text === undefined || this.req.method === 'HEAD') this.res.end();
    else this.res.end(text, 'utf8');
  }

  /** A request that got no answer (a hold closed it, or its client left): journaled with `status`. */
  endWithoutAnswer(status: number): void {
    this.sent = true;
    this.status = status;
  }

  /** A held call, once it ended: tells whoever decided what the client got, and keeps it for the journal entry. */
  reportHold(): void {
    if (!this.holding) return;
    const { parking, decision, heldMs } = this.holding;
    this.hold = {
      hold_id: parking.hold.id, held_id: parking.id, decision: decision.kind, by: decision.by, held_ms: heldMs, status: this.status,
      ...(decision.kind !== 'client_gone' && decision.agent ? { agent: decision.agent } : {}),
      ...(decision.kind === 'release' && decision.vet_id ? { vet_id: decision.vet_id } : {}),
      ...(decision.kind === 'client_gone' ? { client_gone_after_ms: heldMs } : {}),
    };
    parking.answered(this.hold);
  }
}
