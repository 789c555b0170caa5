// One client cannot hold every connection (issue 29 item 3): past the per-address cap a request is answered 503
// with a sentence and its connection closed; the sockets already open keep working, and so does the next one
// once some close.
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

let sim: Simulator | undefined;
afterEach(async () => sim?.close());

const get = (agent: Agent, port: number) =>
  new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/v2/demo/media-url', agent }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });

describe('connection caps', () => {
  it('answers 503 past the per-address cap, and serves again once connections close', async () => {
    sim = await createSimulator({ inMemory: true, connectionLimits: { total: 100, perAddress: 3 } });
    const { port } = await sim.listen(0, '127.0.0.1');
    const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const first = await Promise.all(agents.slice(0, 3).map((a) => get(a, port)));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    const fourth = await get(agents[3], port);
    expect(fourth.status).toBe(503);
    expect(JSON.parse(fourth.body)).toEqual({ success: false, status_code: 503, message: ['Too many open connections from this address (more than 3): close idle ones and retry.'], data: [] });
    expect(fourth.connection).toBe('close');
    // The three open ones still work.
    expect((await get(agents[0], port)).status).toBe(200);
    agents[0].destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(new Agent({ keepAlive: false }), port)).status).toBe(200);
    agents.forEach((a) => a.destroy());
  });
});
