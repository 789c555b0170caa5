// Control API of holds (behaviour §18): arm, list and remove breakpoints on partner calls, list the requests
// they hold, and decide each one. A decision answers 200 with what the waiting client got; a decision on a
// request already decided (or whose client left) is 409, on an id never held 404.
import { Router, type Request } from 'express';
import { failBody, holdArmBody, matchKeysProblem, releaseBody, respondBody, type HoldDecider } from '../../../src-shared/schemas/holds';
import type { ControlPort } from '../domain/control-port';
import { ControlError, fieldRefusal, parseControl, str } from './helpers';

/** The UI says so in a header; everything else reaching the control API is a script or a test. */
const decider = (req: Request): HoldDecider => (req.get('x-sim-actor') === 'ui' ? 'ui' : 'control_api');

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

export function holdRoutes(port: ControlPort): Router {
  const { queries: q, commands: c } = port;
  const r = Router();

  r.get('/holds', (_req, res) => void res.json({ items: q.holds() }));
  r.post('/holds', (req, res) => {
    const problem = matchKeysProblem(req.body);
    if (problem) throw fieldRefusal('match', problem);
    res.status(201).json(c.armHold(parseControl(holdArmBody, req.body)));
  });
  r.delete('/holds/:id', (req, res) => void res.json(c.removeHold(req.params.id)));

  /** `hold_id` narrows to one hold's requests; `wait_ms` (≤ 60000) waits for the first one when none is held yet. */
  r.get('/held', async (req, res, next) => {
    try {
      const holdId = str(req.query.hold_id);
      const waitMs = waitOf(req.query.wait_ms);
      const mine = () => q.held().filter((h) => !holdId || h.hold_id === holdId);
      if (waitMs > 0 && !mine().length) {
        // A client that gives up ends the wait here and in the desk (no waiter left behind for up to a minute).
        const left = new AbortController();
        req.on('close', () => left.abort());
        await q.nextHeld(holdId, waitMs, left.signal);
      }
      if (!res.writableEnded && !res.destroyed) res.json({ items: mine() });
    } catch (err) {
      next(err);
    }
  });
  const decide = (path: string, run: (req: Request, id: string) => Promise<unknown>) =>
    r.post(path, async (req, res, next) => {
      try {
        res.json(await run(req, String(req.params.id ?? '')));
      } catch (err) {
        next(err);
      }
    });
  decide('/held/release-all', async (req) => ({ items: await c.releaseAllHeld(decider(req)) }));
  decide('/held/:id/release', (req, id) => c.releaseHeld(id, parseControl(releaseBody, req.body).vet_id, decider(req)));
  decide('/held/:id/fail', (req, id) => c.failHeld(id, parseControl(failBody, req.body), decider(req)));
  decide('/held/:id/respond', (req, id) => c.respondHeld(id, parseControl(respondBody, req.body), decider(req)));
  decide('/held/:id/close', (req, id) => c.closeHeld(id, decider(req)));
  return r;
}
