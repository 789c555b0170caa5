// The one table of control routes (/__sim/v1). The simulator's router, the control OpenAPI document, the typed
// client (the package's and the UI's) and the MCP tools are read from it; nothing else declares a control path
// or the type of a control answer (test/contract/control-routes-table.test.ts walks it).
import { autopilotRoutes } from './routes-autopilot';
import { holdRoutes } from './routes-holds';
import { journalRoutes } from './routes-journal';
import { rosterRoutes } from './routes-roster';
import { systemRoutes } from './routes-system';
import { vetRoutes } from './routes-vet';

export const controlRoutes = { ...systemRoutes, ...journalRoutes, ...rosterRoutes, ...vetRoutes, ...autopilotRoutes, ...holdRoutes };

export type ControlRoutes = typeof controlRoutes;
export type ControlRouteId = keyof ControlRoutes;
/** The prefix every control path is under. */
export const CONTROL_BASE = '/__sim/v1';
