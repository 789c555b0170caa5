// Caps on open connections (issue 29 item 3): 400 idle sockets under `ulimit -n 200` once starved the process of
// file handles, and every later token signing failed. Beyond the total, Node closes new sockets at once; beyond
// the per-address cap, a request is answered 503 with a sentence and its connection closed, so one runaway client
// (a test suite leaking keep-alive agents) cannot starve the others.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { sendFailure } from './envelope';

export interface ConnectionLimits { total: number; perAddress: number }
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { total: 2048, perAddress: 512 };

/** Applies the caps to `server`; returns the request handler that refuses requests on sockets over the cap. */
export function limitConnections(
  server: Server,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
): (req: IncomingMessage, res: ServerResponse) => void {
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  const over = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const n = (open.get(address) ?? 0) + 1;
    open.set(address, n);
    if (n > limits.perAddress) over.add(socket);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return (req, res) => {
    // The control API is exempt from the per-address cap: held partner calls on many sockets must never lock the
    // tester (or the test that would decide them) out. The total cap still bounds it.
    if (!over.has(req.socket) || req.url?.startsWith('/__sim/')) return handle(req, res);
    res.setHeader('connection', 'close');
    res.setHeader('retry-after', '1');
    sendFailure(res, 503, [`Too many open connections from this address (more than ${limits.perAddress}): close idle ones and retry.`]);
  };
}
