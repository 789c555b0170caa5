// The load generator, run in its own process so it never shares an event loop with what it
// measures. Usage: node bench/peers/load.mjs '<json options>' → prints one JSON line.
//   {mode: "cannon", url, method?, headers?, body?, connections, duration | amount}
//     autocannon; req/s, latency percentiles (ms), totals
//   {mode: "sequential", url, headers?, requests, warmup}
//     one keep-alive connection, one request at a time, each timed with hrtime: the server's own
//     latency without queueing, at a resolution autocannon's millisecond histogram does not give
//     (raw-client.mjs: request bytes built once, a minimal response parser, as thin as autocannon's)
import autocannon from 'autocannon';
import { warmedRawClient } from './raw-client.mjs';

const opts = JSON.parse(process.argv[2]);
/** The p99 target at one connection: the report counts the requests above it. */
const SLOW_MS = 0.5;

function cannon() {
  return new Promise((resolve, reject) => {
    const { mode: _mode, ...rest } = opts;
    autocannon(rest, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: r.requests.average,
        total: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

async function sequential() {
  const client = await warmedRawClient(opts.url, opts.headers ?? {});
  for (let i = 0; i < (opts.warmup ?? 200); i++) await client.once();
  const times = [];
  let non200 = 0;
  const t0 = performance.now();
  for (let i = 0; i < opts.requests; i++) {
    const r = await client.once();
    times.push(r.ms);
    if (r.status !== 200) non200++;
  }
  const runMs = performance.now() - t0;
  client.close();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  // How many requests took longer than the p99 target: more than 1% of them and the p99 is over it.
  const slow = times.filter((ms) => ms > SLOW_MS).length;
  return { p50: at(0.5), p99: at(0.99), requests: times.length, non200, slow, runMs };
}

const result = opts.mode === 'sequential' ? await sequential() : await cannon();
process.stdout.write(JSON.stringify(result) + '\n');
