// An HTTP request without fetch's rules (GET with a body, as A9 and B7 use), over keep-alive.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export function rawRequest(method: string, url: string, headers: Record<string, string> = {}, body?: string | Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: body !== undefined ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
