// A keep-alive connection that sends any request (method, path, headers, body) one at a time and hands back
// the whole answer: the lifecycle flow needs POST/PUT bodies and the ids in each answer, which the A5
// client (raw-client.mjs, one pre-built GET) has no use for. The same thin parser, so the figures compare.
import net from 'node:net';
import { responseAt } from './raw-client.mjs';

/** `request(method, path, headers, body)` → { ms, status, body (string) } over one socket to `url`. */
export async function rawRequester(url) {
  const u = new URL(url);
  const socket = net.connect({ host: u.hostname, port: Number(u.port), noDelay: true });
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let pending;
  let buf = Buffer.alloc(0);
  socket.on('data', (d) => {
    buf = buf.length ? Buffer.concat([buf, d]) : d;
    const r = pending && responseAt(buf);
    if (!r) return;
    const whole = buf.subarray(0, r.size);
    buf = buf.subarray(r.size);
    const { resolve, t0 } = pending;
    pending = undefined;
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const head = whole.indexOf('\r\n\r\n');
    resolve({ ms, status: r.status, body: whole.subarray(head + 4).toString('utf8') });
  });
  socket.on('error', (err) => pending?.reject(err));
  socket.on('close', () => pending?.reject(new Error('the server closed the connection')));
  return {
    request(method, path, headers = {}, body) {
      const payload = body === undefined ? undefined : Buffer.from(body);
      const lines = [`${method} ${path} HTTP/1.1`, `host: ${u.host}`, 'connection: keep-alive', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      if (payload) lines.push(`content-length: ${payload.length}`);
      const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]);
      return new Promise((resolve, reject) => {
        pending = { resolve, reject, t0: process.hrtime.bigint() };
        socket.write(bytes);
      });
    },
    close: () => socket.destroy(),
  };
}
