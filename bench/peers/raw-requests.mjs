// A keep-alive connection that sends any request (method, path, headers, body) one at a time and hands back
// the whole answer: the lifecycle flow needs POST/PUT bodies and the ids in each answer, which the A5
// client (raw-client.mjs, one pre-built GET) has no use for. The same connection and parser, so the figures compare.
import { rawConnection } from './raw-client.mjs';

/** `request(method, path, headers, body)` → { ms, status, body (string) } over one socket to `url`. */
export async function rawRequester(url) {
  const conn = await rawConnection(url);
  const host = conn.url.host;
  return {
    async request(method, path, headers = {}, body) {
      const payload = body === undefined ? undefined : Buffer.from(body);
      const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      if (payload) lines.push(`content-length: ${payload.length}`);
      const { ms, status, whole } = await conn.send(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload ?? Buffer.alloc(0)]));
      const head = whole.indexOf('\r\n\r\n');
      return { ms, status, body: whole.subarray(head + 4).toString('utf8') };
    },
    close: conn.close,
  };
}
