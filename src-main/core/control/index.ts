// /__sim/v1: the control API the UI and test scripts share, over the control port only.
import express, { Router } from 'express';
import type { ControlPort } from '../domain/control-port';
import { autopilotRoutes } from './autopilot-routes';
import { holdRoutes } from './hold-routes';
import { consultationRoutes } from './consultation-routes';
import { eventStream } from './events';
import { controlError } from './guard';
import { controlAccess } from './token-access';
import { isoTimesInAnswers } from './iso-times';
import { controlErrorHandler, refuseDeepJson } from './helpers';
import { stateRoutes } from './state-routes';
import { systemRoutes } from './system-routes';
import { ControlCallLog, recordControlCalls } from './control-calls';

/** `controlCalls`: shared with the lean vet-console routes (lean-routes.ts), so the HAR export has every call. */
export function controlApi(port: ControlPort, controlCalls = new ControlCallLog()): Router {
  const r = Router();
  r.use(controlAccess(port.facts.controlToken));
  r.use(isoTimesInAnswers); // every timestamp ISO 8601 with its zone (iso-times.ts)
  r.get('/events', eventStream(port.events));
  // Nesting past 64 levels is refused before parsing, as the partner side does: 5,000 levels parsed fine and then
  // overflowed the stack of every JSON.stringify of the body (the control-call record, a held answer).
  r.use(express.json({ limit: '1mb', verify: refuseDeepJson }));
  r.use(recordControlCalls(controlCalls, port.queries.newestRequestId));
  r.use(systemRoutes(port, controlCalls));
  r.use(stateRoutes(port));
  r.use(consultationRoutes(port));
  r.use(autopilotRoutes(port));
  r.use(holdRoutes(port));
  r.use((_req, res) => controlError(res, 404, 'not_found', 'No such control route.'));
  r.use(controlErrorHandler);
  return r;
}
