// Two small adapters around the SDK's own client pieces, so that tests never spell a JSON-RPC message:
// - AskingFor: a Transport that passes everything through to the SDK's transport, except that the SDK's own
//   initialize request asks for another protocol version; it notes the version the server answered (the SDK's
//   client tells its transport with setProtocolVersion).
// - fetchWithHost: a fetch over node:http for StreamableHTTPClientTransport's `fetch` option, sending the Host
//   header a DNS-rebinding page would (the platform fetch does not let a caller set Host).
import { request } from 'node:http';
import { Readable } from 'node:stream';
import type { FetchLike, Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class AskingFor implements Transport {
  /** The version the server answered, once the client initialized. */
  negotiated: string | undefined;
  constructor(private readonly inner: Transport, private readonly version: string) {}

  start = () => this.inner.start();
  close = () => this.inner.close();
  send(message: JSONRPCMessage, options?: TransportSendOptions) {
    const asked = 'method' in message && message.method === 'initialize' ? { ...message, params: { ...message.params, protocolVersion: this.version } } : message;
    return this.inner.send(asked, options);
  }
  setProtocolVersion = (version: string) => {
    this.negotiated = version;
    this.inner.setProtocolVersion?.(version);
  };
  get sessionId() { return this.inner.sessionId; }
  set onmessage(f: Transport['onmessage']) { this.inner.onmessage = f; }
  get onmessage() { return this.inner.onmessage; }
  set onclose(f: Transport['onclose']) { this.inner.onclose = f; }
  get onclose() { return this.inner.onclose; }
  set onerror(f: Transport['onerror']) { this.inner.onerror = f; }
  get onerror() { return this.inner.onerror; }
}

export function fetchWithHost(host: string): FetchLike {
  return (url, init = {}) => new Promise((resolve, reject) => {
    const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
    const req = request(url, { method: init.method ?? 'GET', headers: { ...headers, host } }, (res) => {
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
      const status = res.statusCode ?? 0;
      resolve(new Response(status === 204 ? null : (Readable.toWeb(res) as ReadableStream), { status, headers: out }));
    });
    init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
    req.on('error', reject);
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
}
