// Holds from a test (behaviour §18): `await sim.holds.next('A8')` arms a one-shot hold and resolves once a
// request is held, with the decisions to answer it. Over the control API only, like the rest of the client.
import type { HeldRequest, Hold, HoldArmRequest, HoldOutcome } from '../../src-shared/control.js';
import { ControlApiError, type ControlClient } from '../../src-shared/control-api/client.js';

export type { HeldRequest, Hold, HoldArmRequest, HoldOutcome };


export interface NextHoldOptions extends Omit<HoldArmRequest, 'endpoint' | 'count' | 'timeout_ms' | 'on_timeout'> {
  /** How long `next` waits for a matching request before it disarms and throws (default 30000 ms). */
  timeoutMs?: number;
  /** How long the held request then waits for your decision before `onTimeout` applies (default 60000 ms). */
  holdMs?: number;
  onTimeout?: 'release' | 'fail';
}

/** The envelope a held request is answered with: `success` follows the status. */
export interface HeldEnvelope { status: number; message: string[]; data: unknown }

/** A request held for your decision; each decision resolves with what its client got. */
export interface HeldCall {
  request: HeldRequest;
  /** Processed normally; for A8/B10 optionally by the vet you pick (online and free). */
  release(opts?: { vet_id?: string }): Promise<HoldOutcome>;
  /** Answered with the failure envelope: 429 (with Retry-After), 500, 503 or another 4xx; nothing processed. */
  fail(status: number, message?: string): Promise<HoldOutcome>;
  /** Answered with exactly this envelope; nothing processed. */
  respond(envelope: HeldEnvelope): Promise<HoldOutcome>;
  /** The connection is closed with no answer. */
  close(): Promise<HoldOutcome>;
}

/**
 * What `next` answers: the held call once one is held, and `armed`, settled once the hold is in force. Send the
 * request after `await next.armed`: sent at once, it raced the hold's own POST (two connections, two bodies to read)
 * and could be answered before the hold was armed, so the test waited for a request that had passed.
 */
export type NextHold = Promise<HeldCall> & { armed: Promise<Hold> };

/** A long poll asks for at most this long at a time (the control API's own bound). */
const POLL_MS = 60_000;

export function holdsClient(c: ControlClient) {
  const heldCall = (request: HeldRequest): HeldCall => {
    const params = { id: request.id };
    return {
      request,
      release: (opts = {}) => c.releaseHeld({ params, body: opts }),
      fail: (status, message) => c.failHeld({ params, body: message === undefined ? { status } : { status, message } }),
      respond: (envelope) => c.respondHeld({ params, body: envelope as never }),
      close: () => c.closeHeld({ params }),
    };
  };
  return {
    arm: (hold: HoldArmRequest) => c.armHold({ body: hold as never }) as Promise<Hold>,
    list: async () => (await c.listHolds()).items as Hold[],
    remove: (holdId: string) => c.removeHold({ params: { id: holdId } }) as Promise<Hold>,
    /** Requests held now, oldest first. */
    held: async () => (await c.listHeld()).items as HeldRequest[],
    /** Arms a one-shot hold on `endpoint` (e.g. `'A8'`) and resolves when a request is held by it. */
    next(endpoint: string, opts: NextHoldOptions = {}): NextHold {
      const { timeoutMs = 30_000, holdMs, onTimeout, ...match } = opts;
      const armed = c.armHold({ body: { endpoint, count: 1, ...match, ...(holdMs !== undefined ? { timeout_ms: holdMs } : {}), ...(onTimeout ? { on_timeout: onTimeout } : {}) } as never }) as Promise<Hold>;
      const held = armed.then((hold) => waitForHeld(hold, timeoutMs, endpoint));
      // Either may be the only one awaited (a test that gave up after `armed`): neither rejection may go unhandled and
      // surface 30 s later against an unrelated test; awaiting a promise still sees its rejection.
      armed.catch(() => undefined);
      held.catch(() => undefined);
      return Object.assign(held, { armed });
    },
  };

  async function waitForHeld(hold: Hold, timeoutMs: number, endpoint: string): Promise<HeldCall> {
    const deadline = Date.now() + timeoutMs;
    for (let left = timeoutMs; left > 0; left = deadline - Date.now()) {
      const { items } = await c.listHeld({ query: { hold_id: hold.id, wait_ms: Math.ceil(Math.max(1, Math.min(POLL_MS, left))) } });
      if (items.length) return heldCall(items[0] as HeldRequest);
    }
    // Nothing came: the hold is removed, so it cannot catch a request of a later test.
    await c.removeHold({ params: { id: hold.id } }).catch(() => undefined);
    throw new ControlApiError(408, 'nothing_held', `No ${endpoint} request was held within ${timeoutMs} ms.`);
  }
}
