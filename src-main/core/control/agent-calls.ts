// The control router's step for an agent's call (behaviour §21): once answered, a state-changing call an MCP client
// made goes into the request journal as the agent's (domain/agent-journal.ts), refused ones too: a tester reading
// the log sees what the agent tried and what it was told. Reads (and wait_for's polls) are not journaled.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ControlRouteSpec } from '../../../src-shared/control-api/define';
import type { ControlPort } from '../domain/control-port';
import { answerText } from './answer';

/** The request headers an agent's entry keeps: enough to see who called and how (authorization masked by the journal). */
const KEPT = ['content-type', 'user-agent', 'authorization'];

/**
 * The step that journals an agent's call, to run once its answer (or refusal) is written: the router runs it in the
 * same turn, so the entry is there before the agent can read the answer and ask the journal.
 */
export function agentCallStep(port: ControlPort, spec: ControlRouteSpec, req: IncomingMessage, res: ServerResponse, agent: string, body: () => string | null): () => void {
  const started = performance.now();
  const arrivedMs = port.queries.simulatedNowMs(); // a call that moves the clock is still journaled when it came
  return () => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const headers: Record<string, string> = {};
    for (const name of KEPT) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['x-sim-actor'] = `agent:${agent}`; // as understood: the name cleaned and cut, not whatever was sent
    const sent = body();
    try {
      port.commands.journalAgentCall({
        agent, method: req.method ?? 'POST', path: q < 0 ? url : url.slice(0, q), query: q < 0 ? '' : url.slice(q + 1),
        arrivedMs, durationMs: performance.now() - started, requestHeaders: headers, status: res.statusCode, responseBody: answerText(res),
        requestBody: spec.secretBody && sent !== null ? `(${Buffer.byteLength(sent)} bytes, not kept: ${spec.id}'s body may hold credentials)` : sent,
      });
    } catch (err) {
      // The answer is out: a journal that cannot take the entry must not become an error of the call.
      console.error(`The journal could not record the agent's ${req.method} ${url}: ${(err as Error).message}`);
    }
  };
}
