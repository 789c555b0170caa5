// The simulator as `npm run serve` runs it (same node flags), prepared for the A5 figure: the
// limiter off (measure the server, not the limiter) and one client user with five pets.
import { openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, launch, terminate } from './proc.mjs';
import { serveNodeFlags } from '../../scripts/serve-flags.mjs';

export const ROOT = new URL('../..', import.meta.url).pathname;
/** BENCH_CLI: another build's cli.js (e.g. a copy made before a change), for any bench that starts the simulator. */
export const CLI = process.env.BENCH_CLI ?? join(ROOT, 'out', 'main', 'cli.js');
/** Node flags of `npm run serve` (package.json), so the benchmarks run the server as users do;
 * BENCH_SERVE_FLAGS (space-separated) replaces them, to compare node flags in one sitting. */
export const SERVE_FLAGS = process.env.BENCH_SERVE_FLAGS !== undefined ? process.env.BENCH_SERVE_FLAGS.split(' ').filter((a) => a.startsWith('--')) : serveNodeFlags(ROOT);

export const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
export const READER = 'reader@bench.example';
export const A5_PATH = `/api/v2/demo/pet/list?email=${encodeURIComponent(READER)}`;
/** The first partner route that answers 200 on an empty database: the end of a cold start. */
export const READY_PATH = '/api/v2/demo/media-url';

/** Starts `serve`; `storage` is ['--data-dir', dir] or ['--in-memory']. */
/** `cli` another build's out/main/cli.js (a copy of the tree before a change, to compare in one sitting). */
export async function startSimulator(storage, { nodeFlags = [], log = 'ignore', cli = CLI } = {}) {
  const port = await freePort();
  const fd = log === 'ignore' ? 'ignore' : openSync(log, 'a');
  const args = [...SERVE_FLAGS, ...nodeFlags, cli, '--port', String(port), ...storage];
  const { child, coldStartMs } = await launch(process.execPath, args, `http://127.0.0.1:${port}${READY_PATH}`, { headers: { authorization: AUTH }, logFd: fd });
  return { child, coldStartMs, url: `http://127.0.0.1:${port}` };
}

async function call(url, path, method, body) {
  const r = await fetch(url + path, { method, headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${method} ${path} answered ${r.status}: ${text}`);
  return text;
}

export async function prepareReader(url, pets = 5) {
  await call(url, '/__sim/v1/apps/1', 'PATCH', { rate_limit_per_minute: 0 });
  await call(url, '/api/v2/demo/register-user', 'POST', { first_name: 'Bench', email: READER, role: 'users', dev_type: 'ios' });
  for (let i = 0; i < pets; i++) await call(url, '/api/v2/demo/pet/add', 'POST', { email: READER, name: `Pet${i}`, age: '2 years', sex: 'male', species: 'dog', weight: 10 });
}

/** A2 for the durable-write figure: the same pet added again and again for one user. */
export const A2 = {
  path: '/api/v2/demo/pet/add',
  body: JSON.stringify({ email: READER, name: 'Rex', age: '2 years', sex: 'male', species: 'dog' }),
};

const HOP_BY_HOP = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

/** The simulator's own A5 answer (status, headers that describe the body, exact bytes), for the peers to serve. */
export async function captureA5(url) {
  const r = await fetch(url + A5_PATH, { headers: { authorization: AUTH } });
  const body = await r.text();
  if (r.status !== 200) throw new Error(`A5 answered ${r.status}: ${body}`);
  const headers = {};
  for (const [k, v] of r.headers) if (!HOP_BY_HOP.has(k) && !k.startsWith('x-ratelimit')) headers[k] = v;
  return { status: r.status, headers, body };
}

/** The A5 answer every peer serves, captured from a fresh in-memory simulator into `file`. */
export async function captureFixture(file) {
  const cap = await startSimulator(['--in-memory']);
  try {
    await prepareReader(cap.url);
    const fixture = await captureA5(cap.url);
    writeFileSync(file, JSON.stringify(fixture));
    return fixture;
  } finally {
    await terminate(cap.child);
  }
}
