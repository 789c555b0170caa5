// An agent's control actions in the request journal (behaviour §21): every state-changing control call an MCP
// client makes becomes an entry of its own, named by the agent, so the request log shows what the agent did
// between the partner calls, as a tester watching it would expect. Masked and cut like a partner entry; no
// family or endpoint (it is no partner call, so no filter by endpoint, verify count or HAR replay counts it).
import type { Services } from './services';
import { cut, journalTime, maskBodyText, maskHeader, maskQuery } from '../journal';

export interface AgentControlCall {
  agent: string;
  method: string;
  path: string;
  query: string;
  /** When it arrived, on the simulator clock like a partner entry's time. */
  arrivedMs: number;
  durationMs: number;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  status: number;
  responseBody: string | null;
}

export function journalAgentCall(s: Services, c: AgentControlCall): void {
  const contentType = c.requestHeaders['content-type'] ?? '';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.requestHeaders)) headers[name] = maskHeader(name, value);
  const request = cut(c.requestBody === null ? null : maskBodyText(c.requestBody, contentType));
  const response = cut(c.responseBody === null ? null : maskBodyText(c.responseBody, 'application/json'));
  s.journal.record({
    time: journalTime(c.arrivedMs), app: null, family: null, endpoint: null, method: c.method, path: c.path, status: c.status,
    duration_ms: Math.round(c.durationMs * 100) / 100, query: maskQuery(c.query), request_headers: headers, request_body: request.text,
    response_headers: { 'content-type': 'application/json; charset=utf-8' }, response_body: response.text, error: null,
    truncated: request.truncated || response.truncated, injected: null, agent: c.agent, why: null,
  });
}
