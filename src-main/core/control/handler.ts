// The work behind a control route: `run(port, input, call)`, typed by its definition in the one table
// (src-shared/control-api/routes.ts). A handler reaches the simulator only through the control port; `call`
// carries what a few routes need of the exchange itself (the caller's base URL, who acts: tester, script or agent, the
// connection for a long poll or an upload).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ControlRouteSpec, RouteInput } from '../../../src-shared/control-api/define';
import type { Actor } from '../../../src-shared/control';
import type { ControlPort } from '../domain/control-port';
import type { ControlCallLog } from './control-calls';

export interface ControlCall {
  req: IncomingMessage;
  res: ServerResponse;
  /** `http://<the Host the caller named>`: URLs handed back to that caller. */
  baseUrl: string;
  /** Who made the call (the UI and the MCP server say so in a header; anything else is a script): http/actor.ts. */
  actor: Actor;
  /** The state-changing calls kept for a HAR replay. */
  controlCalls: ControlCallLog;
}

export type ControlHandler<S extends ControlRouteSpec> = (port: ControlPort, input: RouteInput<S>, call: ControlCall) => unknown;

/** Every route of `table` has its handler, typed by its own definition (a missing or mistyped one does not compile). */
export type ControlHandlers<T extends Record<string, ControlRouteSpec>> = { [K in keyof T]: ControlHandler<T[K]> };
