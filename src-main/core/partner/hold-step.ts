// The pipeline's hold step (behaviour §18): a validated request an armed hold fits waits here for its decision,
// then is answered as decided — or goes on to its use case when released. Runs after routing, app, auth, rate
// limit and validation, so a hold never hides a 401 or a 422; a client that leaves while held is recorded and
// its request not processed.
import { STATUS_CODES } from '../http/node-http';
import { MAX_HELD, type Decision, type HoldDesk } from '../domain/holds/desk';
import type { HoldArmingService } from '../domain/holds/arming';
import { captureRequest, cut } from '../journal';
import type { PartnerCall } from './partner-call';
import { holdWhy } from './why/injected';

/** What a decision that made the answer up says when it names no message: the status's usual sentence. */
const DEFAULT_MESSAGE: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthenticated.', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 409: 'Conflict',
  422: 'The given data was invalid.', 429: 'Too Many Attempts.', 500: 'Server Error', 503: 'Service Unavailable',
};
/** Seconds a held request failed with 429 tells its client to wait, as the rate limiter's own 429 does. */
const RETRY_AFTER_SECONDS = '60';

/** The status journaled for a request that got no answer: nginx's 444 (closed by the server) and 499 (the client left). */
export const CLOSED_WITHOUT_ANSWER = 444;
export const CLIENT_LEFT = 499;

/**
 * Holds `call` if an armed hold fits it. Resolves `undefined` when the call goes on to its use case (no hold,
 * or released), with `chosenVet` set when the tester picked the vet; `true` when the decision answered it.
 */
export async function holdIfArmed(
  call: PartnerCall, holds: HoldArmingService, desk: HoldDesk, input: Record<string, unknown>,
): Promise<{ answered: true } | { answered: false; chosenVet?: string }> {
  const endpoint = call.endpoint!;
  const app = call.app!;
  const method = call.req.method ?? '';
  const hold = holds.match(endpoint.id, method, app.name, input);
  if (!hold) return { answered: false };
  if (call.req.socket?.destroyed || call.res.destroyed) {
    // The client left before the hold (during a fault rule's delay, say): not held, not processed, as if it left while held.
    call.injected = 'decided';
    call.error = 'The client closed its connection before this request could be held; it was not processed.';
    call.endWithoutAnswer(CLIENT_LEFT);
    return { answered: true };
  }
  if (desk.full) {
    // Answered normally rather than held: said in the journal entry, so the tester knows why it was not held.
    call.error = `Not held: ${MAX_HELD} requests are held already, the most at once; this one was answered normally.`;
    return { answered: false };
  }
  holds.consume(hold);
  let body: string | null = null;
  try {
    // Masked once, as the journal masks it: the call keeps it for its journal entry. Cut as the journal cuts
    // it: the list of held requests is fetched on every held event.
    const request = captureRequest(call.req.headers, call.body, call.query);
    call.captured = { body: call.body, request };
    body = cut(request.body).text;
  } catch {
    // Shown without its body rather than not held.
  }
  const parking = desk.park(hold, { endpoint: endpoint.id, app: app.name, method, path: call.path, query: call.query, body });
  const onClose = () => {
    if (!call.sent) parking.clientGone();
  };
  call.res.on('close', onClose);
  const decision = await parking.decision;
  call.res.off('close', onClose);
  call.holding = { parking, decision, heldMs: parking.heldMs() };
  return answerAsDecided(call, decision);
}

function answerAsDecided(call: PartnerCall, d: Decision): { answered: true } | { answered: false; chosenVet?: string } {
  const { parking } = call.holding!;
  // A decision that refused or closed the call: the why names the hold (issue 37).
  if (d.kind !== 'release' && (d.kind !== 'respond' || d.status >= 400)) {
    const status = d.kind === 'close' ? CLOSED_WITHOUT_ANSWER : d.kind === 'client_gone' ? CLIENT_LEFT : d.status;
    call.why = holdWhy(parking.hold.id, parking.id, d.kind !== 'client_gone' && d.agent ? `agent ${d.agent}` : d.by, status);
  }
  switch (d.kind) {
    case 'release':
      call.injected = 'held';
      return { answered: false, chosenVet: d.vet_id };
    case 'fail':
      call.injected = 'decided';
      if (d.status === 429) call.head.setHeader('Retry-After', RETRY_AFTER_SECONDS);
      call.sendFailure(d.status, [d.message ?? DEFAULT_MESSAGE[d.status] ?? STATUS_CODES[d.status] ?? `Error ${d.status}`]);
      return { answered: true };
    case 'respond':
      call.injected = 'decided';
      // Exactly the envelope given, `data` included even on a failure status (envelopeText would write []).
      call.sendEnvelope(d.status, JSON.stringify({ success: d.status < 400, status_code: d.status, message: d.message, data: d.data }));
      return { answered: true };
    case 'close':
      call.injected = 'decided';
      call.res.destroy();
      call.endWithoutAnswer(CLOSED_WITHOUT_ANSWER);
      return { answered: true };
    case 'client_gone':
      call.injected = 'decided';
      call.endWithoutAnswer(CLIENT_LEFT);
      return { answered: true };
  }
}

