// Control API of the vet autopilot (behaviour §17): its rules, their JSON Schema, and the steps waiting for
// the simulator clock. The clock itself is moved through POST /clock (system-routes.ts), which runs what falls due.
import { Router } from 'express';
import type { ControlPort } from '../domain/control-port';
import { InvalidAutopilot } from '../domain/autopilot/rules';
import { ControlError, int, str } from './helpers';

export function autopilotRoutes(port: ControlPort): Router {
  const { queries: q, commands: c } = port;
  const r = Router();

  r.get('/autopilot', (_req, res) => void res.json(q.autopilot()));
  r.put('/autopilot', (req, res) => {
    try {
      res.json(c.setAutopilot(req.body));
    } catch (err) {
      if (!(err instanceof InvalidAutopilot)) throw err;
      // A refused document changes nothing; every problem is named with its path, so a script or the editor can point at it.
      throw new ControlError(422, 'invalid_autopilot', err.messages.join(' '), err.problems);
    }
  });
  r.delete('/autopilot', (_req, res) => void res.json(c.clearAutopilot()));
  /** Due order; `sid` one consultation's, `limit` 1–5000 (default 500); `total` counts them all. */
  r.get('/autopilot/pending', (req, res) => {
    const limit = Math.min(5000, Math.max(1, int(req.query.limit) ?? 500));
    res.json(q.autopilotPending({ sid: str(req.query.sid) }, limit));
  });
  r.get('/autopilot.schema.json', (_req, res) => void res.json(q.autopilotSchema()));
  return r;
}
