// Resources and the one prompt of the MCP server (issue 39): both OpenAPI documents, the recent journal and a
// consultation (the newest ones listed), read through the same control routes as the tools (so with the agent's
// actor header); the pages of docs/ (resources-docs.ts); and a prompt that walks an agent from reading the API to a
// passing integration test with the autopilot.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ControlClient } from '../../../src-shared/control-api/client';
import type { ControlRouteId } from '../../../src-shared/control-api/routes';
import { routeAddress, routeOf } from './derive';
import { registerDocResources } from './resources-docs';
import { shapeOutput } from './mask';
import { callRoute } from './tool';

const json = (uri: URL, value: unknown) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(shapeOutput(value, { text_chars: 1_000_000 }), null, 2) }] });

const FIXED: { name: string; uri: string; route: ControlRouteId; query?: Record<string, unknown> }[] = [
  { name: 'partner-openapi', uri: 'sim://openapi/partner', route: 'getPartnerOpenApi' },
  { name: 'control-openapi', uri: 'sim://openapi/control', route: 'getControlOpenApi' },
  { name: 'recent-journal', uri: 'sim://journal/recent', route: 'listRequests', query: { limit: 50 } },
];

/** How many consultations resources/list names (the newest). */
const LISTED_CONSULTATIONS = 20;

const PROMPT = (app: string) => `You are writing an integration test for a partner app of a veterinary tele-consult API, against the local simulator's MCP server.
1. Call \`status\`: note the application family's base URL and read the partner OpenAPI document (resource sim://openapi/partner) and the behaviour the simulator follows (sim://docs/partner-api.md, and the other sim://docs/ pages).
2. Call \`tenant\` with action "create", name "${app}" and secrets: true (with scenario_file to start from your fixtures): your code authenticates with Basic api_username:api_token.
3. Call \`autopilot\` with action "set" and rules that accept a chat, write a message, end it and give feedback (its JSON Schema: ${routeAddress('getAutopilotSchema')}).
4. Write the test in the project's language: register a user (A7), add a pet (A2), request a chat (A8), as the partner's code will; run it.
5. Use \`wait_for\` (not sleep) for the consultation to end, \`clock\` to move time instead of waiting, and \`journal\` (source "partner": your code's calls, not your own tool calls) and \`explain\` for any refused call.
6. Finish with \`verify\` "ended_with_feedback" for the chat and "no_5xx"; the test passes when both pass.`;

export function registerResources(server: McpServer, clientOf: () => ControlClient): void {
  for (const r of FIXED) {
    const spec = routeOf(r.route);
    server.registerResource(r.name, r.uri, { description: spec.summary, mimeType: 'application/json' }, async (uri) => json(uri, await callRoute(clientOf(), r.route)({ query: r.query })));
  }
  server.registerResource(
    'consultation',
    new ResourceTemplate('sim://consultations/{sid}', {
      // The newest consultations, so an agent finds one without knowing its sid.
      list: async () => {
        const page = (await callRoute(clientOf(), 'listConsultations')({ query: { per_page: LISTED_CONSULTATIONS } })) as { items: { sid: string; type: string; status: string }[] };
        return { resources: page.items.map((c) => ({ uri: `sim://consultations/${c.sid}`, name: c.sid, title: `${c.type} ${c.sid} (${c.status})`, mimeType: 'application/json' })) };
      },
    }),
    { description: routeOf('getConsultation').summary, mimeType: 'application/json' },
    async (uri, { sid }) => json(uri, await callRoute(clientOf(), 'getConsultation')({ params: { sid: String(sid) } })),
  );
  registerDocResources(server);
  server.registerPrompt(
    'integration-test',
    { title: 'From the API to a passing integration test', description: 'Walks an agent from reading the partner API to a passing integration test driven by the autopilot.' },
    () => ({ messages: [{ role: 'user', content: { type: 'text', text: PROMPT('my-integration') } }] }),
  );
}
