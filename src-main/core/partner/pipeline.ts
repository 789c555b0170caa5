// The partner pipeline on plain node:http, in the order behaviour §4 fixes:
// (CORS, as Laravel's global HandleCors) → route → app → rate limit → auth → (faults) → body parse →
// validation → (hold: wait for a decision, behaviour §18) → use case → view (endpoint.ts) → envelope →
// ended: (a held call's decider told what the client got) → journal.record(call), the entry, once the answer is
// written or the request ended without one. A refusal decided on the way records its why on the call (why/).
// The rate limit counts before authentication, as Laravel's `throttle` in the `api` group runs before
// `auth.basic`: a 401 uses the window too.
// No express here: its per-request work (prototype swaps, header helpers, router layers) was the
// largest cost of a partner request after the journal and the database (issue 14).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppRecord } from '../../../src-shared/control';
import type { Family } from '../../../src-shared/endpoints';
import type { DomainContext } from '../domain/context';
import type { Services } from '../domain/services';
import { unauthenticated } from '../errors';
import { checkApiKey } from '../domain/authentication';
import { requestBaseUrl } from '../http/base-url';
import { hasBody, readInput } from '../http/body';
import { allowedOrigins, applyPartnerCors } from '../http/cors';
import { envelopeText } from '../http/envelope';
import { errorAnswer } from '../http/partner-errors';
import { countRequest, type SimClockStore } from '../http/rate-limit';
import { routeOf, type RouteMatch } from './route-resolver';
import { Attachment, type PartnerContext } from './endpoint';
import { CLIENT_LEFT, holdIfArmed } from './hold-step';
import { PartnerCall } from './partner-call';
import * as journal from '../journal';
import { ReadCache } from './read-cache';
import { PARTNER_READ_CACHE } from '../perf/request-path';
import { basicWhy } from './why/auth';
import { explainRefusal, type WhyReads } from './why/explain';
import { faultWhy, rateLimitWhy } from './why/injected';
import { unknownAppWhy, unknownRouteWhy, wrongMethodWhy } from './why/lookups';
import { DomainError } from '../errors';

export type PartnerPipeline = (req: IncomingMessage, res: ServerResponse) => void;

/** `attachment; filename="…"` as express's res.attachment wrote it, with RFC 5987's form for other names. */
function attachment(fileName: string): string {
  const quoted = fileName.replace(/[\\"]/g, '\\$&');
  if (/^[\x20-\x7e]*$/.test(fileName)) return `attachment; filename="${quoted}"`;
  const fallback = quoted.replace(/[^\x20-\x7e]/g, '?');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** An attachment (B6's CSV) as it is; envelopes are serialized by the caller (it may cache the text). */
function sendAttachment(call: PartnerCall, file: Attachment): void {
  call.head.setHeader('content-type', /;\s*charset=/i.test(file.contentType) ? file.contentType : `${file.contentType}; charset=utf-8`);
  call.head.setHeader('content-disposition', attachment(file.fileName));
  call.send(200, file.body);
}

/** The envelope for a thrown error; if even that cannot be written, the socket is closed rather than left hanging. */
function answerError(err: unknown, call: PartnerCall, house: WhyReads): void {
  if (call.sent) return;
  const answer = errorAnswer(err);
  // Decided where the refusal is answered, before the stack of an unexpected error takes `error`.
  if (err instanceof DomainError && call.why === undefined) call.why = explainRefusal(house, call, err);
  if (answer.stack !== undefined) call.error = answer.stack;
  try {
    for (const name in answer.headers) call.head.setHeader(name, answer.headers[name]);
    call.sendFailure(answer.status, answer.messages);
  } catch (writeErr) {
    call.error = (writeErr as Error).stack ?? String(writeErr);
    call.res.destroy();
    // Journaled all the same (and a held request's decider told), though nothing could be written.
    call.endWithoutAnswer(500);
  }
}

/**
 * The steps once a call ended, answered or not, in one turn: a held call's decider is told what the client got
 * (hold-step.ts), then the journal entry. Together: whoever waits on the decider (close() waits for every held
 * call) finds the entry already recorded.
 */
function ended(call: PartnerCall): void {
  call.reportHold();
  journal.record(call);
}

export function partnerPipeline(ctx: DomainContext, services: Services, store: SimClockStore): PartnerPipeline {
  // The client family names the app by id or, as a public integration calls production, by its slug.
  const findApp = (family: Family, name: string): AppRecord | undefined =>
    family === 'application' ? services.apps.byName(name) : (/^\d{1,9}$/.test(name) && services.apps.byId(Number(name))) || services.apps.byName(name);
  const cache = new ReadCache(() => ctx.db.dataVersion);

  async function answer(call: PartnerCall, route: RouteMatch, app: AppRecord | undefined): Promise<void> {
    if (route.kind === 'none') {
      call.why = unknownRouteWhy(call.req.method ?? '', call.path);
      return call.sendFailure(404, ['Route Not Found']);
    }
    call.family = route.family;
    call.appName = route.appName;
    // A 404/405 of a known app carries that app's window as it stands (behaviour §6): not counted, as Laravel's
    // router answers before `throttle` runs, and not a made-up default either.
    call.app = app;
    if (route.kind === 'unknown-path') {
      call.why = unknownRouteWhy(call.req.method ?? '', call.path);
      return call.sendFailure(404, ['Route Not Found']);
    }
    if (route.kind === 'wrong-method') {
      call.why = wrongMethodWhy(call.req.method ?? '', call.path, route.allow);
      call.head.setHeader('allow', route.allow);
      return call.sendFailure(405, ['Method Not Allowed']);
    }
    const endpoint = (call.endpoint = route.endpoint);
    if (!app) {
      call.why = unknownAppWhy(route.appName, services.apps.list());
      return call.sendFailure(404, ['App Not Found']);
    }
    const { req } = call;
    if (!countRequest(call.head, store, app)) {
      const { head } = call;
      call.why = rateLimitWhy(app, head.getHeader('x-ratelimit-limit'), head.getHeader('x-ratelimit-reset'), head.getHeader('retry-after'));
      return call.sendFailure(429, ['Too Many Attempts.']);
    }
    if (endpoint.auth === 'basic' && !services.apps.basicAllows(app, req.headers.authorization)) {
      call.why = basicWhy(app, req.headers.authorization, services.apps.list());
      throw unauthenticated();
    }
    const rule = services.faults.match(endpoint.id, req.method ?? '');
    if (rule) {
      if (rule.delay_ms) {
        call.injected = 'delay';
        await new Promise((r) => setTimeout(r, rule.delay_ms));
        if (req.socket?.destroyed) {
          // The client gave up during the delay: nothing is processed, and the journal says so (as nginx, 499).
          call.error = "The client closed its connection during the fault rule's delay; the request was not processed.";
          return call.endWithoutAnswer(CLIENT_LEFT);
        }
      }
      if (rule.status) {
        call.injected = 'fault';
        call.why = faultWhy(rule);
        return call.sendFailure(rule.status, [rule.message ?? `Injected fault (${rule.status})`]);
      }
    }
    // Without a body, the input is the query string alone: the read cache's key. A read a hold may take skips it.
    const mayHold = services.holds.armedFor(endpoint.id);
    const cacheKey = PARTNER_READ_CACHE && !hasBody(req) && !mayHold ? ReadCache.keyOf(endpoint.id, app.id, call.query) : undefined;
    const cached = cacheKey && cache.get(cacheKey);
    if (cached) return call.sendEnvelope(200, cached);
    await readInput(call);
    const input = call.input ?? {};
    // Before the checks: a refused call that names a consultation is on its timeline too.
    call.consultation = endpoint.consultationIn?.(input);
    if (endpoint.auth === 'api_key') checkApiKey(app, input);
    const valid = endpoint.validate(input);
    let chosenVet: string | undefined;
    if (mayHold) {
      const held = await holdIfArmed(call, services.holds, services.held, input);
      if (held.answered) return;
      chosenVet = held.chosenVet;
    }
    const readAt = ctx.db.dataVersion;
    const context: PartnerContext = { app, services, ctx, file: call.file, baseUrl: requestBaseUrl(req, ctx.baseUrl()), chosenVet, consultation: undefined };
    const data = await endpoint.run(context, valid);
    call.consultation ??= context.consultation;
    if (data instanceof Attachment) return sendAttachment(call, data);
    const text = envelopeText(200, [endpoint.message], data);
    if (cacheKey) cache.set(cacheKey, text, readAt);
    call.sendEnvelope(200, text);
  }

  return (req, res) => {
    const call = new PartnerCall(req, res, services.journal, store, ctx.clock.nowMs());
    // Matched once: CORS (first, as Laravel's global HandleCors) needs the app's origins, the steps after it the endpoint.
    const route = routeOf(call.path, req.method ?? '');
    const app = route.kind === 'none' ? undefined : findApp(route.family, route.appName);
    // A preflight is answered here, and goes no further (no body, no stamp: as Laravel's HandleCors answers it).
    if (applyPartnerCors(req, call.head, call.path, allowedOrigins(app))) {
      call.send(204);
      return ended(call);
    }
    const steps = answer(call, route, app).catch((err) => answerError(err, call, services));
    // The last step: the call's journal entry, once it ended (answered or not). At once when the answer went out
    // in this turn: Node discards a body nobody reads as soon as the answer has finished, before any promise
    // settles, and the entry keeps that body (journal/unread-body.ts). Otherwise when the steps are done, still
    // before any I/O: the entry is there before the client can ask for it.
    if (call.sent) ended(call);
    else void steps.then(() => call.sent && ended(call));
  };
}
