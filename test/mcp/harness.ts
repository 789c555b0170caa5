// A listening in-memory simulator and the SDK's own MCP client on it, over the in-memory transport (the server is
// the one `vet-consult-sim mcp` and /__sim/mcp serve, attached to the simulator's origin).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src-main/core/mcp/server';
import { createSimulator } from '../../src-main/core/simulator';

export async function startWithAgent(clientName = 'test-agent') {
  const sim = await createSimulator({ inMemory: true, random: () => 0 });
  const { url } = await sim.listen(0);
  const server = createMcpServer({ origin: url, version: 'test' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(clientSide);
  return {
    sim, url, client,
    /** A tool's structured answer; a tool error fails with its text. */
    async call<T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}): Promise<T> {
      const r = await client.callTool({ name, arguments: args });
      if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
      return r.structuredContent as T;
    },
    async close() {
      await client.close();
      await sim.close();
    },
  };
}
