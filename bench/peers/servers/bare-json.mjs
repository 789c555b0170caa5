// The lifecycle flow's limit: bare node:http in its own process (as the simulator is), reading each request's
// body and answering a small JSON envelope. In the bench's own process it would answer without waking another
// process, and a round trip there is 3–4× cheaper than any server in its own process can be (0.04 against
// 0.13–0.16 ms here).
// WORK_US (write-budget.mjs): that many microseconds of busy CPU per request before the answer, the stand-in for
// a server's own work, to find how much of it fits in a share of bare's throughput.
// Usage: node bare-json.mjs PORT [WORK_US]
import http from 'node:http';

const workMs = Number(process.argv[3] ?? 0) / 1000;
const work = () => {
  const until = performance.now() + workMs;
  while (performance.now() < until);
};

const body = JSON.stringify({ success: true, status_code: 200, message: ['ok'], data: { id: 1, channel: 'CHbare' } });
const server = http.createServer((req, res) => {
  req.on('data', () => undefined);
  req.on('end', () => {
    if (workMs) work();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[2]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
