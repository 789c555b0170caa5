// Every control route's handler, one per entry of the table (the compiler refuses a missing one).
import type { ControlRoutes } from '../../../src-shared/control-api/routes';
import type { ControlHandlers } from './handler';
import { autopilotHandlers } from './handlers-autopilot';
import { holdHandlers } from './handlers-holds';
import { journalHandlers } from './handlers-journal';
import { rosterHandlers } from './handlers-roster';
import { scenarioHandlers } from './handlers-scenario';
import { systemHandlers } from './handlers-system';
import { vetHandlers } from './handlers-vet';

/** The event stream is served by the router itself (events.ts): it writes to its connection for as long as it lasts. */
const streamed = { events: () => undefined };

export const controlHandlers: ControlHandlers<ControlRoutes> = {
  ...systemHandlers, ...streamed, ...journalHandlers, ...rosterHandlers, ...vetHandlers, ...autopilotHandlers, ...holdHandlers, ...scenarioHandlers,
};
