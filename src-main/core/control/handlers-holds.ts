// Holds (src-shared/control-api/routes-holds.ts). A decision answers 200 with what the waiting client got; a
// decision on a request already decided (or whose client left) is 409, on an id never held 404.
import type { holdRoutes } from '../../../src-shared/control-api/routes-holds';
import type { ControlHandlers } from './handler';
import { ControlError } from './helpers';

/** The longest a `GET /held?wait_ms=` long poll waits: below common HTTP client timeouts. */
const MAX_WAIT_MS = 60_000;

/** `wait_ms`: milliseconds from 0 to 60000 (a fraction rounds up); anything else is 422, never a silent 0. */
function waitOf(value: unknown): number {
  if (value === undefined) return 0;
  const ms = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(ms) || ms < 0 || ms > MAX_WAIT_MS) {
    const message = `wait_ms must be a number of milliseconds from 0 to ${MAX_WAIT_MS}.`;
    throw new ControlError(422, 'invalid', message, [{ path: 'wait_ms', message }]);
  }
  return Math.ceil(ms);
}

export const holdHandlers: ControlHandlers<typeof holdRoutes> = {
  listHolds: (port) => ({ items: port.queries.holds() }),
  armHold: (port, { body }, call) => port.commands.armHold(body, call.actor.agent),
  removeHold: (port, { params }) => port.commands.removeHold(params.id),
  /** `hold_id` narrows to one hold's requests; `wait_ms` waits for the first one when none is held yet. */
  listHeld: async (port, { query }, call) => {
    const holdId = query.hold_id;
    const waitMs = waitOf(query.wait_ms);
    const mine = () => port.queries.held().filter((h) => !holdId || h.hold_id === holdId);
    if (waitMs > 0 && !mine().length) {
      // A client that gives up ends the wait here and in the desk (no waiter left behind for up to a minute).
      const left = new AbortController();
      call.req.on('close', () => left.abort());
      await port.queries.nextHeld(holdId, waitMs, left.signal);
    }
    return { items: mine() };
  },
  releaseAllHeld: async (port, _input, call) => ({ items: await port.commands.releaseAllHeld(call.actor) }),
  releaseHeld: (port, { params, body }, call) => port.commands.releaseHeld(params.id, body.vet_id, call.actor),
  failHeld: (port, { params, body }, call) => port.commands.failHeld(params.id, body, call.actor),
  respondHeld: (port, { params, body }, call) => port.commands.respondHeld(params.id, body, call.actor),
  closeHeld: (port, { params }, call) => port.commands.closeHeld(params.id, call.actor),
};
