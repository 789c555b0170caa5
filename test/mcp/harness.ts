// A listening in-memory simulator and the SDK's own MCP client on it, over the in-memory transport (the server is
// the one `vet-consult-sim mcp` and /__sim/mcp serve, attached to the simulator's origin).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src-main/core/mcp/server';
import { createSimulator } from '../../src-main/core/simulator';

export async function startWithAgent(clientName = 'test-agent') {
  const sim = await createSimulator({ inMemory: true, random: () => 0 });
  // The simulator's own request handler on a listener that notes who each control call says it is from.
  const actors: string[] = [];
  const listener = createServer((req, res) => {
    if (req.url?.startsWith('/__sim/v1/')) actors.push(String(req.headers['x-sim-actor']));
    sim.handle(req, res);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  const server = createMcpServer({ origin: url, version: 'test' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(clientSide);
  return {
    sim, url, client, actors,
    /** A tool's structured answer; a tool error fails with its text. */
    async call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
      const r = await client.callTool({ name, arguments: args });
      if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
      return r.structuredContent as T;
    },
    async close() {
      await client.close();
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
      await sim.close();
    },
  };
}
