// Baseline: an express hello-world answering the same small JSON envelope.
import express from 'express';
const app = express();
app.get('/{*any}', (_req, res) => res.json({ success: true, status_code: 200, message: ['pet list'], data: { list: [] } }));
const server = app.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => console.log(`ready at http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
