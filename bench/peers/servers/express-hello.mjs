// Reference: an express 5 hello-world answering every request with the captured A5 response.
// Usage: node express-hello.mjs FIXTURE.json PORT
import express from 'express';
import { readFileSync } from 'node:fs';

const fixture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(fixture.body);
const app = express();
app.get('/{*any}', (_req, res) => res.status(fixture.status).set(fixture.headers).send(body));
const server = app.listen(Number(process.argv[3]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
