// What the express host (express-host.ts) is handed: the control port for /__sim/v1, and the services
// the media route reads pet photos through.
import type { ControlPort } from './domain/control-port';
import type { Services } from './domain/services';

export type SimulatorInternals = ControlPort & { services: Services };
