// The same interface as raw-requests.mjs through node's own http client (a keep-alive Agent, one socket): the
// client a partner's Node test suite uses underneath, and the one the lifecycle issue measured bare with
// (0.22–0.24 ms a round trip). Its own cost, ~0.07 ms a request here, is in both the bare and the simulator figures.
import http from 'node:http';

/** `request(method, path, headers, body)` → { ms, status, body (string) } over one kept-alive socket to `url`. */
export async function nodeRequester(url) {
  const u = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    request(method, path, headers = {}, body) {
      return new Promise((resolve, reject) => {
        const t0 = process.hrtime.bigint();
        const req = http.request({ host: u.hostname, port: Number(u.port), method, path, headers, agent }, (res) => {
          const chunks = [];
          res.on('data', (d) => chunks.push(d));
          res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
