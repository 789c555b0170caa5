// Sequential latency at one connection (issue 14: A5 p50 ≤ 0.12 ms, p99 ≤ 0.5 ms), measured as a
// ratio to bare node:http in the same sitting, because on a shared two-core machine the absolute
// figures move several-fold with the load average while the ratio moves much less.
//
// Both servers run side by side for the whole sitting: bare node:http serving the simulator's own
// captured A5 answer (bench/peers/servers/bare.mjs) and the simulator as `npm run serve` runs it,
// with a data folder (journal and op log on) and the limiter off. Rounds alternate bare, simulator,
// bare, … so a burst of other work on the machine lands on both. Each round is measured twice from a
// separate process: a keep-alive loop on a raw socket (peers/raw-client.mjs) timed per request, and
// autocannon at `connections: 1` (its histogram counts whole milliseconds, so its p50 reads 0 or 1).
// Each loop also reads the server's main-thread CPU per request from /proc: the extra work a request
// costs the simulator, which the load average moves far less than it moves latency.
//
// Usage: npm run build && node bench/latency-seq.mjs
//   LAT_ROUNDS (3), LAT_REQUESTS per loop (3000), LAT_SECONDS of autocannon (3), LAT_WARMUP requests (500)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './peers/extras.mjs';
import { freePort, launch, mainThreadCpuSeconds, terminate } from './peers/proc.mjs';
import { warmedRawClient } from './peers/raw-client.mjs';
import { A5_PATH, AUTH, captureFixture, prepareReader, startSimulator } from './peers/simulator.mjs';

const SELF = new URL(import.meta.url).pathname;
const BARE = join(new URL('.', import.meta.url).pathname, 'peers', 'servers', 'bare.mjs');

const settings = {
  rounds: Number(process.env.LAT_ROUNDS ?? 3),
  requests: Number(process.env.LAT_REQUESTS ?? 3000),
  seconds: Number(process.env.LAT_SECONDS ?? 3),
  warmup: Number(process.env.LAT_WARMUP ?? 500),
};

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

// ---- the load side (run as a child: `node latency-seq.mjs --load '<json>'`) ----

async function sequentialLoop({ url, requests, warmup }) {
  const client = await warmedRawClient(url, { authorization: AUTH });
  let non200 = 0;
  const once = async () => {
    const r = await client.once();
    if (r.status !== 200) non200++;
    return r.ms;
  };
  for (let i = 0; i < warmup; i++) await once();
  non200 = 0;
  const times = new Float64Array(requests);
  for (let i = 0; i < requests; i++) times[i] = await once();
  client.close();
  times.sort();
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9), p99: percentile(times, 0.99), max: times[times.length - 1], non200 };
}

async function cannonOne({ url, seconds }) {
  const { default: autocannon } = await import('autocannon');
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 1, duration: seconds, headers: { authorization: AUTH } }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts });
    }),
  );
}

if (process.argv[2] === '--load') {
  const opts = JSON.parse(process.argv[3]);
  const result = opts.mode === 'cannon' ? await cannonOne(opts) : await sequentialLoop(opts);
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

// ---- the sitting ----

function load(opts) {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [SELF, '--load', JSON.stringify(opts)], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`load failed: ${stderr || err.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1)));
    }),
  );
}

const fmt = (x) => (typeof x === 'number' ? x.toFixed(3) : String(x));
const load1 = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const work = mkdtempSync(join(tmpdir(), 'vet-bench-latency-'));
const running = [];
try {
  const fixtureFile = join(work, 'a5.json');
  await captureFixture(fixtureFile);
  const barePort = await freePort();
  const bare = await launch(process.execPath, [BARE, fixtureFile, String(barePort)], `http://127.0.0.1:${barePort}${A5_PATH}`);
  running.push(bare.child);
  const sim = await startSimulator(['--data-dir', join(work, 'data')]);
  running.push(sim.child);
  await prepareReader(sim.url);
  const targets = [
    { key: 'bare', url: `http://127.0.0.1:${barePort}${A5_PATH}`, pid: bare.child.pid },
    { key: 'simulator', url: sim.url + A5_PATH, pid: sim.child.pid },
  ];
  console.log(`latency-seq: ${settings.rounds} rounds × (loop of ${settings.requests} + autocannon ${settings.seconds} s at 1 connection); load average ${load1()}`);
  // Untimed: the simulator's first seconds include V8 optimising SQLite's WebAssembly on background threads.
  for (const t of targets) await load({ mode: 'cannon', url: t.url, seconds: 2 });
  const rows = { bare: [], simulator: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    for (const t of targets) {
      const cpuBefore = mainThreadCpuSeconds(t.pid);
      const seq = await load({ mode: 'sequential', url: t.url, requests: settings.requests, warmup: settings.warmup });
      // Per request of the loop (its warm-up requests included in the count; the child's start-up is not the server's).
      seq.cpuUs = ((mainThreadCpuSeconds(t.pid) - cpuBefore) / (settings.requests + settings.warmup)) * 1e6;
      const cannon = await load({ mode: 'cannon', url: t.url, seconds: settings.seconds });
      if (seq.non200 || cannon.non2xx || cannon.errors) throw new Error(`${t.key} answered non-200s: ${JSON.stringify({ seq, cannon })}`);
      rows[t.key].push({ seq, cannon });
      console.log(
        `round ${round} ${t.key.padEnd(9)} loop p50 ${fmt(seq.p50)} p90 ${fmt(seq.p90)} p99 ${fmt(seq.p99)} max ${fmt(seq.max)} ms, main thread ${seq.cpuUs.toFixed(0)} µs CPU/req | ` +
          `autocannon p50 ${cannon.p50} p90 ${cannon.p90} p99 ${cannon.p99} ms, ${cannon.rps.toFixed(0)} req/s | load ${load1()}`,
      );
    }
  }
  console.log('\nmedians over rounds (loop, ms)   p50      p90      p99     | main thread µs CPU/req | autocannon req/s');
  const med = {};
  for (const key of Object.keys(rows)) {
    med[key] = Object.fromEntries(['p50', 'p90', 'p99'].map((q) => [q, median(rows[key].map((r) => r.seq[q]))]));
    med[key].rps = median(rows[key].map((r) => r.cannon.rps));
    med[key].cpuUs = median(rows[key].map((r) => r.seq.cpuUs));
    console.log(`  ${key.padEnd(30)} ${fmt(med[key].p50)}    ${fmt(med[key].p90)}    ${fmt(med[key].p99)}   | ${med[key].cpuUs.toFixed(0).padStart(5)}                  | ${med[key].rps.toFixed(0)}`);
  }
  // Ratio per round first (both measured under the same load), then the median of those.
  const ratio = (q) => median(rows.simulator.map((r, i) => r.seq[q] / rows.bare[i].seq[q]));
  console.log(
    `  simulator ÷ bare (per-round median)  p50 ${ratio('p50').toFixed(2)}×  p90 ${ratio('p90').toFixed(2)}×  p99 ${ratio('p99').toFixed(2)}×  | ` +
      `main thread CPU ${ratio('cpuUs').toFixed(2)}× (+${median(rows.simulator.map((r, i) => r.seq.cpuUs - rows.bare[i].seq.cpuUs)).toFixed(0)} µs)  | ` +
      `req/s ${(median(rows.simulator.map((r, i) => r.cannon.rps / rows.bare[i].cannon.rps)) * 100).toFixed(0)}% of bare`,
  );
  console.log(`load average at the end ${load1()}`);
} finally {
  for (const child of running) await terminate(child);
  rmSync(work, { recursive: true, force: true });
}
