// What the express host (express-host.ts) is handed: the control port for /__sim/v1, and the services
// the media route reads pet photos through, and the owner port for the pet owner's page.
import type { ControlPort } from './domain/control-port';
import type { OwnerPort } from './domain/owner-port';
import type { Services } from './domain/services';

export type SimulatorInternals = ControlPort & { services: Services; owner: OwnerPort };
