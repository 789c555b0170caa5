// What the express host (express-host.ts) is handed: the control port for /__sim/v1, and the services
// the media route reads pet photos through, and the owner port for the pet owner's page.
import type { ControlCallLog } from './control/control-calls';
import type { ControlPort } from './domain/control-port';
import type { OwnerPort } from './domain/owner-port';
import type { Services } from './domain/services';

/** `controlCalls`: the control calls that changed state, for the HAR export; both control paths record into it. */
export type SimulatorInternals = ControlPort & { services: Services; owner: OwnerPort; controlCalls: ControlCallLog };
