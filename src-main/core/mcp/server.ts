// The MCP server (behaviour §21): the official SDK's McpServer with the tools of tools.ts, run over a control client
// of a running simulator. Every control call it makes says `x-sim-actor: agent:<client name>` (the name the MCP
// client gave in its initialize request), so the simulator can show the agent's actions as the agent's.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { agentName } from '../http/actor';
import { ControlApiError, createControlClient } from '../../../src-shared/control-api/client';
import { registerResources } from './resources';
import { mcpTools } from './tools';

export interface McpServerOptions {
  /** The simulator's origin, `http://127.0.0.1:4010`. */
  origin: string;
  /** The control token (`serve --control-token`), when the simulator is driven from elsewhere. */
  token?: string;
  version: string;
  /** Tools may read files by path (stdio, on the agent's side); false for /__sim/mcp (tool.ts, ToolContext). */
  localFiles?: boolean;
}

const INSTRUCTIONS =
  'A local simulator of a veterinary tele-consult partner API. Call status first: it gives the partner base URLs. ' +
  "Your own code calls the partner endpoints (register-user, pet/add, talk-to-vet, …) with a tenant's credentials; " +
  'these tools play the other side (the vet, the pet owner, the clock, faults, holds) and inspect what happened (journal, explain, verify). ' +
  'Use wait_for instead of sleeping.';

/** A refusal as the agent reads it: status, code, sentence, and each detail by path. */
function errorText(err: unknown): string {
  if (err instanceof ControlApiError) {
    const details = err.details.map((d) => `\n- ${d.path || '(body)'}: ${d.message}`).join('');
    return `The simulator refused: ${err.status} ${err.code}: ${err.message}${details}`;
  }
  return (err as Error)?.message ?? String(err);
}

export const actorHeader = (clientName: string | undefined) => ({ 'x-sim-actor': `agent:${agentName(clientName ?? '')}` });

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer({ name: 'vet-consult-sim', version: options.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const clientOf = () => createControlClient({ origin: options.origin, token: options.token, headers: actorHeader(server.server.getClientVersion()?.name) });
  registerResources(server, clientOf);
  for (const tool of mcpTools()) {
    server.registerTool(
      tool.name,
      { title: tool.annotations.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations },
      async (args: Record<string, unknown>) => {
        try {
          const out = await tool.run(args, { client: clientOf(), origin: options.origin, localFiles: options.localFiles ?? true });
          return { content: [{ type: 'text' as const, text: JSON.stringify(out, null, 2) }], structuredContent: out };
        } catch (err) {
          return { isError: true, content: [{ type: 'text' as const, text: errorText(err) }] };
        }
      },
    );
  }
  return server;
}
