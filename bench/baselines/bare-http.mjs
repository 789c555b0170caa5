// Baseline: a bare node:http server answering the same small JSON envelope.
import http from 'node:http';
const body = JSON.stringify({ success: true, status_code: 200, message: ['pet list'], data: { list: [] } });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache, private' });
  res.end(body);
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => console.log(`ready at http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
