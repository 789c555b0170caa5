// The vet autopilot's routes (src-shared/control-api/routes-autopilot.ts).
import type { autopilotRoutes } from '../../../src-shared/control-api/routes-autopilot';
import { InvalidAutopilot } from '../domain/control-port';
import type { ControlHandlers } from './handler';
import { ControlError } from './helpers';

export const autopilotHandlers: ControlHandlers<typeof autopilotRoutes> = {
  getAutopilot: (port) => port.queries.autopilot(),
  putAutopilot: (port, { body }) => {
    try {
      return port.commands.setAutopilot(body);
    } catch (err) {
      if (!(err instanceof InvalidAutopilot)) throw err;
      // A refused document changes nothing; every problem is named with its path, so a script or the editor can point at it.
      throw new ControlError(422, 'invalid_autopilot', err.messages.join(' '), err.problems);
    }
  },
  clearAutopilot: (port) => port.commands.clearAutopilot(),
  listPendingSteps: (port, { query }) => port.queries.autopilotPending({ sid: query.sid }, query.limit),
  getAutopilotSchema: (port) => port.queries.autopilotSchema(),
};
