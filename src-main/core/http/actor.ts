// Who a control call says it is from (behaviour §21): the UI sends `x-sim-actor: ui`, the MCP server
// `x-sim-actor: agent:<client name>`; anything else is a script. The name is the client's own words, so it is
// cut to what a log line can show and to characters that cannot break one.
import type { IncomingHttpHeaders } from 'node:http';
import type { Actor } from '../../../src-shared/control';

const AGENT = /^agent:(.+)$/;
const SCRIPT: Actor = { by: 'control_api' };
const UI: Actor = { by: 'ui' };

/** An agent's name as stored and shown: at most 64 of letters, digits, space and `.@/_-`; `unknown` when none is left. */
export const agentName = (raw: string): string => raw.replace(/[^\w .@/-]/g, '').trim().slice(0, 64) || 'unknown';

export function actorOf(headers: IncomingHttpHeaders): Actor {
  const said = headers['x-sim-actor'];
  if (said === 'ui') return UI;
  const m = typeof said === 'string' ? AGENT.exec(said) : null;
  return m ? { by: 'agent', agent: agentName(m[1]) } : SCRIPT;
}

/** The agent's name when an agent made the call, else undefined (what the journal's and the timeline's `agent` hold). */
export const agentOf = (headers: IncomingHttpHeaders): string | undefined => actorOf(headers).agent;
