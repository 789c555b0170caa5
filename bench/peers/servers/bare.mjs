// Reference: bare node:http answering every request with the captured A5 response.
// Usage: node bare.mjs FIXTURE.json PORT
import http from 'node:http';
import { readFileSync } from 'node:fs';

const fixture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(fixture.body);
const headers = { ...fixture.headers, 'content-length': body.length };
const server = http.createServer((_req, res) => {
  res.writeHead(fixture.status, headers);
  res.end(body);
});
server.listen(Number(process.argv[3]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
