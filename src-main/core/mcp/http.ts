// /__sim/mcp: the MCP server over Streamable HTTP on the simulator's own listener (behaviour §21), behind the
// control API's one door (token-access.ts admit: loopback or the control token, Host and Origin checks). Loaded
// on the first request to it. One McpServer per MCP session, so each session's tool calls carry the name its
// client gave at initialize (x-sim-actor: agent:<name>).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { sendJson, sendRefusal } from '../control/answer';
import { refusalBody } from '../control/guard';
import { admit } from '../control/token-access';
import { createMcpServer } from './server';

export interface McpHttpOptions {
  /** `serve --control-token`: remote agents present it as a bearer token; the server's own control calls too. */
  token?: string;
  version: string;
}

/** Sessions one simulator keeps at most; the oldest is closed for a new one (an agent that never said goodbye). */
const MAX_SESSIONS = 32;

/** Where this listener is reached from this process: its own address and port (IPv4-mapped addresses unwrapped). */
function ownOrigin(req: IncomingMessage): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 4 * 1024 * 1024) reject(Object.assign(new Error('Payload Too Large'), { status: 413 }));
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch {
        reject(Object.assign(new Error('The body is not JSON.'), { status: 400 }));
      }
    });
    req.on('error', reject);
  });
}

const refuse = (res: ServerResponse, status: number, code: string, message: string) => sendJson(res, status, refusalBody({ code, message }));

export function mcpHandler(options: McpHttpOptions) {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  async function open(req: IncomingMessage): Promise<StreamableHTTPServerTransport> {
    if (sessions.size >= MAX_SESSIONS) {
      const [oldest] = sessions.keys();
      await sessions.get(oldest)?.close();
      sessions.delete(oldest);
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createMcpServer({ origin: ownOrigin(req), token: options.token, version: options.version, localFiles: false }).connect(transport);
    return transport;
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    const refusal = admit(options.token, req);
    if (refusal) return sendRefusal(res, refusal);
    try {
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (known) return await known.handleRequest(req, res, body);
      if (req.method === 'POST' && id === undefined && isInitializeRequest(body)) return await (await open(req)).handleRequest(req, res, body);
      if (id !== undefined) return refuse(res, 404, 'unknown_session', 'No MCP session with that id (it ended, or the simulator restarted): initialize a new one.');
      return refuse(res, 400, 'no_session', 'Start with an initialize request (POST, no Mcp-Session-Id header); then send the Mcp-Session-Id it answers.');
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      return refuse(res, status, status === 413 ? 'too_large' : status === 400 ? 'invalid_json' : 'mcp_failed', (err as Error).message);
    }
  };
}
