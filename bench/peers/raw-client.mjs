// One keep-alive connection driven with pre-built request bytes and a minimal response parser, for the
// sequential (one request at a time) latency figures. Node's own http client spends ~0.15–0.2 ms of its
// own per request on this machine (bare node:http measured 0.21–0.30 ms p50 through it, 0.11 ms per
// request through autocannon's raw sockets), which buried the servers' differences; this client is as
// thin as autocannon's, so the figure is mostly the server's and the loopback's.
import net from 'node:net';
import { once as eventOnce } from 'node:events';

const CRLF2 = Buffer.from('\r\n\r\n');

/** Parses one response from the front of `buf`: its status and its length in bytes, or undefined while incomplete. */
export function responseAt(buf) {
  const head = buf.indexOf(CRLF2);
  if (head < 0) return undefined;
  const lines = buf.subarray(0, head).toString('latin1').split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  let length = -1;
  let chunked = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding' && /chunked/i.test(value)) chunked = true;
  }
  const bodyAt = head + 4;
  if (!chunked) return buf.length >= bodyAt + Math.max(0, length) ? { status, size: bodyAt + Math.max(0, length) } : undefined;
  let at = bodyAt;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const n = parseInt(buf.subarray(at, eol).toString('latin1'), 16);
    if (n === 0) return buf.length >= eol + 4 ? { status, size: eol + 4 } : undefined; // no trailers expected
    at = eol + 2 + n + 2;
    if (buf.length < at) return undefined;
  }
}

/**
 * One keep-alive socket to `url`, one request at a time: `send(bytes)` writes a whole request and resolves with
 * the milliseconds until its whole response arrived, its status and its bytes.
 */
export async function rawConnection(url) {
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
    resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: r.status, whole });
  });
  socket.on('error', (err) => pending?.reject(err));
  socket.on('close', () => pending?.reject(new Error('the server closed the connection')));
  return {
    url: u,
    send: (bytes) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject, t0: process.hrtime.bigint() };
        socket.write(bytes);
      }),
    close: () => socket.destroy(),
  };
}

/**
 * A client for sequential requests: `once()` writes the GET for `url` (its bytes built once) and resolves with
 * the milliseconds until the whole response has arrived, and its status.
 */
export async function rawClient(url, headers = {}) {
  const u = new URL(url);
  const lines = [`GET ${u.pathname}${u.search} HTTP/1.1`, `host: ${u.host}`, 'connection: keep-alive', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const conn = await rawConnection(url);
  let last;
  return {
    once: async () => {
      const { ms, status, whole } = await conn.send(request);
      last = whole;
      return { ms, status };
    },
    /** The bytes of the last whole response. */
    lastResponse: () => last,
    close: conn.close,
  };
}

/**
 * Warms this process's client code (its JIT) without sending the target a single extra request: `times`
 * requests to an in-process server that answers each with `response` (the target's own answer, byte for
 * byte). A fresh client process with only a short warm-up measured its own start as the server's tail:
 * bare node:http read p99 0.76–2.18 ms at one connection, and 0.17–0.20 ms once the client had made
 * 3,000 requests before (same sitting, same server).
 */
export async function warmClientCode(response, headers = {}, times = 5000) {
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    let pending = '';
    socket.on('data', (d) => {
      pending += d.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        pending = pending.slice(end + 4);
        socket.write(response);
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await eventOnce(server, 'listening');
  const client = await rawClient(`http://127.0.0.1:${server.address().port}/warm`, headers);
  try {
    for (let i = 0; i < times; i++) await client.once();
  } finally {
    client.close();
    server.close();
  }
}

/** A raw client for `url` whose own code has been warmed on a replay of `url`'s first answer (that request counts as one of the target's). */
export async function warmedRawClient(url, headers = {}, times = Number(process.env.BENCH_CLIENT_WARMUP ?? 5000)) {
  const client = await rawClient(url, headers);
  await client.once();
  await warmClientCode(Buffer.from(client.lastResponse()), headers, times);
  return client;
}
