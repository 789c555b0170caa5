// `--host 0.0.0.0` (behaviour §12, §15; issue 12 item 11): other machines reach the partner API and /media,
// never the tester UI or the control API. No traffic leaves loopback: the server is told, per connection,
// that its peer is a LAN address, exactly what it would read from a phone's socket.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/run';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

const LAN_PEER = '192.168.1.20';
let h: Harness;
let port: number;
let peer: string | undefined;

/** Every new connection reports `peer` as its remote address while it is set. */
function pretendPeer(server: Server) {
  server.on('connection', (socket) => {
    if (peer) Object.defineProperty(socket, 'remoteAddress', { value: peer });
  });
}

function get(path: string, host = `127.0.0.1:${port}`, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, connection: 'close', ...headers }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeEach(async () => {
  const ui = tempDir();
  mkdirSync(join(ui, 'assets'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>tester UI</title>');
  writeFileSync(join(ui, 'assets', 'app.js'), 'console.log("ui")');
  h = await makeSim({ uiDir: ui });
  const listening = await h.sim.listen(0, '127.0.0.1');
  port = listening.port;
  pretendPeer(listening.server);
  peer = undefined;
});
afterEach(async () => h.sim.close());

describe('a peer on the LAN', () => {
  it('reaches the partner API and pet photos (why one binds 0.0.0.0), never the UI or the control API', async () => {
    await h.registerUser();
    await h.addPet();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const up = await h.http.post('/api/v2/demo/pet/update').set('authorization', DEMO_AUTH)
      .field('email', 'ann@example.com').field('pet_id', '1').attach('profile', png, { filename: 'rex.png', contentType: 'image/png' });
    peer = LAN_PEER;
    const lanHost = `192.168.1.5:${port}`;
    for (const path of ['/__sim/', '/__sim', '/__sim/index.html', '/__sim/assets/app.js', '/__sim/requests/42', '/__SIM/']) {
      const r = await get(path, lanHost);
      expect({ path, status: r.status, body: r.body }).toEqual({
        path, status: 403, body: 'The tester UI answers loopback clients only: open it on the machine that runs the simulator.\n',
      });
    }
    const control = await get('/__sim/v1/health', lanHost);
    expect(control.status).toBe(403);
    expect(JSON.parse(control.body)).toEqual({ error: { code: 'not_loopback', message: 'The control API answers loopback clients only.', details: [] } });
    const a1 = await get('/api/v2/demo/media-url', lanHost);
    expect(a1.status).toBe(200);
    expect(JSON.parse(a1.body).message).toEqual(['Media URL']);
    const a5 = await get('/api/v2/demo/pet/list?email=ann@example.com', lanHost, { authorization: DEMO_AUTH });
    expect(JSON.parse(a5.body).data.list.map((p: { name: string }) => p.name)).toEqual(['Rex']);
    const photo = await get(new URL(up.body.data.pet.profile).pathname, lanHost);
    expect(photo.status).toBe(200);
    expect(photo.type).toBe('image/png');
  });
});

describe('a loopback peer', () => {
  it('gets the UI with a loopback Host header, and 403 with a foreign one (DNS rebinding)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const r = await get('/__sim/', host);
      expect({ host, status: r.status, body: r.body }).toEqual({ host, status: 200, body: '<!doctype html><title>tester UI</title>' });
    }
    expect((await get('/__sim/assets/app.js')).body).toBe('console.log("ui")');
    for (const path of ['/__sim/', '/__sim/assets/app.js']) {
      const r = await get(path, `evil.example:${port}`);
      expect({ path, status: r.status, body: r.body }).toEqual({ path, status: 403, body: 'The Host header must be localhost, 127.0.0.1 or [::1].\n' });
    }
  });
});
