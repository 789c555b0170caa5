// /__sim/v1: the control API the UI and test scripts share.
import express, { Router } from 'express';
import type { SimulatorInternals } from '../simulator-internals';
import { consultationRoutes } from './consultation-routes';
import { eventStream } from './events';
import { controlError } from './guard';
import { controlAccess } from './token-access';
import { controlErrorHandler } from './helpers';
import { stateRoutes } from './state-routes';
import { systemRoutes } from './system-routes';
import { ControlCallLog, recordControlCalls } from './control-calls';

export function controlApi(sim: SimulatorInternals): Router {
  const r = Router();
  r.use(controlAccess(sim.controlToken));
  r.get('/events', eventStream(sim.ctx.events));
  r.use(express.json({ limit: '1mb' }));
  const controlCalls = new ControlCallLog();
  r.use(recordControlCalls(controlCalls, () => sim.services.journal.newestId()));
  r.use(systemRoutes(sim, controlCalls));
  r.use(stateRoutes(sim));
  r.use(consultationRoutes(sim));
  r.use((_req, res) => controlError(res, 404, 'not_found', 'No such control route.'));
  r.use(controlErrorHandler);
  return r;
}
