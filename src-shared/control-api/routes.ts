// The one table of control routes (/__sim/v1). The simulator's router, the control OpenAPI document, the typed
// client (the package's and the UI's) and the MCP tools are read from it; nothing else declares a control path
// or the type of a control answer (test/contract/control-routes-table.test.ts walks it).
import { autopilotRoutes } from './routes-autopilot.js';
import { holdRoutes } from './routes-holds.js';
import { journalRoutes } from './routes-journal.js';
import { rosterRoutes } from './routes-roster.js';
import { scenarioRoutes } from './routes-scenario.js';
import { systemRoutes } from './routes-system.js';
import { vetRoutes } from './routes-vet.js';

export const controlRoutes = { ...systemRoutes, ...journalRoutes, ...rosterRoutes, ...vetRoutes, ...autopilotRoutes, ...holdRoutes, ...scenarioRoutes };

export type ControlRoutes = typeof controlRoutes;
export type ControlRouteId = keyof ControlRoutes;
/** The prefix every control path is under. */
export const CONTROL_BASE = '/__sim/v1';
