// Issue 35 finding 17: an event stream past the cap is answered 503 and its socket closed by the server, so a
// script retrying on keep-alive sockets cannot fill the total connection cap and lock partner clients out.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

let sim: Simulator | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await sim?.close();
});

/** A raw HTTP/1.1 request on its own socket, which this client never closes: what came back and whether the server closed it. */
function rawGet(port: number, path: string) {
  return new Promise<{ head: string; closedByServer: Promise<boolean> }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    let text = '';
    const closed = new Promise<boolean>((done) => {
      socket.once('end', () => done(true));
      socket.once('close', () => done(true));
      setTimeout(() => done(false), 1500).unref();
    });
    socket.on('error', reject);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (text.includes('\r\n\r\n')) resolve({ head: text, closedByServer: closed });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('a refused event stream', () => {
  it('gets its 503 with Connection: close and its socket ended; 300 refused attempts leave room for partner clients', async () => {
    sim = await createSimulator({ inMemory: true, connectionLimits: { total: 120, perAddress: 512 } });
    const { port } = await sim.listen(0, '127.0.0.1');
    for (let i = 0; i < 64; i++) expect((await rawGet(port, '/__sim/v1/events')).head).toMatch(/^HTTP\/1\.1 200 /);

    const refused = await rawGet(port, '/__sim/v1/events');
    expect(refused.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.head.toLowerCase()).toContain('connection: close');
    expect(await refused.closedByServer).toBe(true);

    for (let i = 0; i < 300; i++) {
      const r = await rawGet(port, '/__sim/v1/events');
      expect(r.head).toMatch(/^HTTP\/1\.1 503 /);
    }
    await new Promise((r) => setTimeout(r, 200));
    // 64 streams and 301 sockets the client left open: without the close, the 120-connection cap is long full.
    const health = await fetch(`http://127.0.0.1:${port}/__sim/v1/health`);
    expect(health.status).toBe(200);
    const partner = await fetch(`http://127.0.0.1:${port}/api/v2/demo/pet/list?email=ann@example.com`, {
      headers: { authorization: `Basic ${btoa('demo:demo-secret')}` },
    });
    expect(partner.status).toBeLessThan(500);
  }, 60_000);
});
