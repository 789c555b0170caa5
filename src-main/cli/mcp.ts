// `vet-consult-sim mcp`: the MCP server (behaviour §21) over stdio, for an MCP client that starts it as a command.
// With --url (and --token for a simulator started with --control-token) it attaches to a running simulator;
// without, it starts a headless in-memory one in this process on a free loopback port, gone when the client
// closes stdin. stdout carries the protocol only: every other line goes to stderr.
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../core/mcp/server';
import { openSimulator } from '../core/simulator';
import { appVersion } from './version';

const USAGE = `Usage: vet-consult-sim mcp [--url http://127.0.0.1:4010] [--token T]

The MCP server over stdio. With --url it drives that simulator (--token: its --control-token, also
VET_SIM_CONTROL_TOKEN); without, it starts an in-memory simulator of its own and prints its address on stderr.
`;

/** Exit code on a usage error (2, as serve); otherwise the process lives until the client closes stdin. */
export async function runMcp(argv: string[]): Promise<number | undefined> {
  let values: { url?: string; token?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { url: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stderr.write(USAGE);
    return 0;
  }
  let origin = values.url?.replace(/\/+$/, '');
  if (origin !== undefined && !/^https?:\/\/[^/]+$/.test(origin)) {
    process.stderr.write(`--url must be the simulator's origin, such as http://127.0.0.1:4010 (got "${values.url}").\n`);
    return 2;
  }
  const version = appVersion();
  let close = async () => {};
  if (origin === undefined) {
    const sim = await openSimulator({ inMemory: true, version });
    origin = (await sim.listen(0, '127.0.0.1')).url;
    close = () => sim.close();
    process.stderr.write(`vet-consult-sim mcp: an in-memory simulator at ${origin} (UI ${origin}/__sim/)\n`);
  }
  const server = createMcpServer({ origin, token: values.token ?? process.env.VET_SIM_CONTROL_TOKEN, version });
  const transport = new StdioServerTransport();
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void server.close().finally(() => close().finally(() => process.exit(0)));
  };
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await server.connect(transport);
  return undefined;
}
