// `npm run bench`: every figure as a ratio against baselines measured in the same run on the same
// machine (bare node:http and an express hello-world), printed and written to bench/REPORT.md.
// Environment knobs: BENCH_DURATION (s, default 8), BENCH_JOURNAL_REQUESTS (default 100000),
// BENCH_SCALE_USERS (default 100000).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { AUTH, CLI, ROOT, SERVE_FLAGS, coldStart, json, load, rssMiB, start, stop, summary, tempDir } from './lib.mjs';
import { generate } from './generate-scale-db.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const JOURNAL_REQUESTS = Number(process.env.BENCH_JOURNAL_REQUESTS ?? 100_000);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
const lines = [];
const log = (s = '') => (console.log(s), lines.push(s));
const pct = (a, b) => `${((a / b) * 100).toFixed(1)}%`;
const verdict = (ok) => (ok ? 'met' : '**not met**');
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function serve(dataDir, extra = []) {
  const s = await start([...SERVE_FLAGS, CLI, '--port', '0', '--data-dir', dataDir, ...extra]);
  await json(s.url, '/__sim/v1/apps/1', { method: 'PATCH', body: { rate_limit_per_minute: 0 } }); // measure the server, not the limiter
  return s;
}
async function seedReader(url, email, pets = 5) {
  await json(url, '/api/v2/demo/register-user', { method: 'POST', headers: { authorization: AUTH }, body: { first_name: 'Bench', email, role: 'users', dev_type: 'ios' } });
  for (let i = 0; i < pets; i++)
    await json(url, '/api/v2/demo/pet/add', { method: 'POST', headers: { authorization: AUTH }, body: { email, name: `Pet${i}`, age: '2 years', sex: 'male', species: 'dog', weight: 10 } });
}

log(`# Benchmark report`);
log();
log(`Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`);
log(`autocannon, 50 connections, ${DURATION} s per figure unless noted. Every figure is compared with baselines from this same run.`);
log();

// Baselines
const bare = await start([join(ROOT, 'bench/baselines/bare-http.mjs')]);
const bareR = summary(await load({ url: `${bare.url}/api/v2/demo/pet/list`, duration: DURATION }));
await stop(bare.child);
const hello = await start([join(ROOT, 'bench/baselines/express-hello.mjs')]);
const helloR = summary(await load({ url: `${hello.url}/api/v2/demo/pet/list`, duration: DURATION }));
await stop(hello.child);
log(`## Baselines`);
log();
log(`| server | req/s | p50 ms | p99 ms |`);
log(`|---|---|---|---|`);
log(`| bare node:http | ${bareR.rps} | ${bareR.p50} | ${bareR.p99} |`);
log(`| express hello-world | ${helloR.rps} (${pct(helloR.rps, bareR.rps)} of bare) | ${helloR.p50} | ${helloR.p99} |`);
log();

// Read and write on a small database
const smallDir = tempDir();
const sim = await serve(smallDir);
await seedReader(sim.url, 'reader@bench.example');
const readR = summary(await load({ url: `${sim.url}/api/v2/demo/pet/list?email=reader@bench.example`, headers: { authorization: AUTH }, duration: DURATION }));
const rssRead = rssMiB(sim.child.pid);
await json(sim.url, '/api/v2/demo/register-user', { method: 'POST', headers: { authorization: AUTH }, body: { first_name: 'Writer', email: 'writer@bench.example', role: 'users', dev_type: 'ios' } });
const writeR = summary(await load({
  url: `${sim.url}/api/v2/demo/pet/add`, method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'writer@bench.example', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' }), duration: DURATION,
}));
await stop(sim.child);
log(`## Read and write (small database, journal on)`);
log();
log(`| figure | req/s | ratio to bare | p50 ms | p99 ms | non-2xx | target | |`);
log(`|---|---|---|---|---|---|---|---|`);
log(`| A5 pet/list, 5 pets, Basic auth | ${readR.rps} | ${pct(readR.rps, bareR.rps)} | ${readR.p50} | ${readR.p99} | ${readR.non2xx} | ≥ 10% of bare, p99 ≤ 50 ms | ${verdict(readR.rps / bareR.rps >= 0.1 && readR.p99 <= 50)} |`);
log(`| A2 pet/add, durable (op log) | ${writeR.rps} | ${pct(writeR.rps, bareR.rps)} | ${writeR.p50} | ${writeR.p99} | ${writeR.non2xx} | ≥ 6% of bare | ${verdict(writeR.rps / bareR.rps >= 0.06)} |`);
log();

// Scale
log(`## Scale (${SCALE_USERS.toLocaleString()} client users, ${(SCALE_USERS * 3).toLocaleString()} pets)`);
log();
const scaleDir = tempDir();
const gen = await generate(scaleDir, SCALE_USERS, 3);
log(`Generated in ${(gen.ms / 1000).toFixed(1)} s.`);
const scaleCopy = tempDir();
cpSync(join(scaleDir, 'simulator.sqlite'), join(scaleCopy, 'simulator.sqlite'));
const big = await serve(scaleDir);
await seedReader(big.url, 'reader@bench.example');
const lastPage = Math.ceil(SCALE_USERS / 10) - 1;
const b5 = (body) => ({ url: `${big.url}/client/user/1/v2/report/user/list`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), connections: 1, duration: Math.max(3, DURATION / 2) });
const page1 = summary(await load(b5({ page: 1 })));
const pageEnd = summary(await load(b5({ page: lastPage })));
const search = summary(await load(b5({ search_value: 'First4242' })));
const bigRead = summary(await load({ url: `${big.url}/api/v2/demo/pet/list?email=reader@bench.example`, headers: { authorization: AUTH }, duration: DURATION }));
const rssBig = rssMiB(big.child.pid);
await stop(big.child);
log();
log(`Latency figures use one connection (no queueing), so p50 is the server's own time per request.`);
log();
log(`| figure | p50 ms | p99 ms | req/s | target | |`);
log(`|---|---|---|---|---|---|`);
log(`| B5 page 1 | ${page1.p50} | ${page1.p99} | ${page1.rps} | p50 ≤ 15 ms | ${verdict(page1.p50 <= 15)} |`);
log(`| B5 page ${lastPage} (near the end) | ${pageEnd.p50} | ${pageEnd.p99} | ${pageEnd.rps} | p50 ≤ 15 ms | ${verdict(pageEnd.p50 <= 15)} |`);
log(`| B5 with search_value | ${search.p50} | ${search.p99} | ${search.rps} | p50 ≤ 40 ms | ${verdict(search.p50 <= 40)} |`);
log(`| A5 (5 pets) on this database, 50 connections | ${bigRead.p50} | ${bigRead.p99} | ${bigRead.rps} (${pct(bigRead.rps, readR.rps)} of the small-database figure) | unaffected (≥ 90%) | ${verdict(bigRead.rps / readR.rps >= 0.9)} |`);
log();

// Cold start
const coldTrials = 3;
const helloCold = [];
const simCold = [];
const bigCold = [];
for (let i = 0; i < coldTrials; i++) {
  helloCold.push(await coldStart([join(ROOT, 'bench/baselines/express-hello.mjs'), '4391'], 'http://127.0.0.1:4391', '/'));
  simCold.push(await coldStart([...SERVE_FLAGS, CLI, '--port', '4392', '--data-dir', tempDir()], 'http://127.0.0.1:4392', '/api/v2/demo/media-url'));
  bigCold.push(await coldStart([...SERVE_FLAGS, CLI, '--port', '4393', '--data-dir', scaleCopy], 'http://127.0.0.1:4393', '/api/v2/demo/media-url'));
}
const [hc, sc, bc] = [median(helloCold), median(simCold), median(bigCold)];
log(`## Cold start (spawn to first 200, median of ${coldTrials})`);
log();
log(`| process | ms | ratio to express hello-world | target | |`);
log(`|---|---|---|---|---|`);
log(`| express hello-world | ${hc.toFixed(0)} | 1.0× | | |`);
log(`| serve, empty data folder | ${sc.toFixed(0)} | ${(sc / hc).toFixed(2)}× | ≤ 1.5× | ${verdict(sc / hc <= 1.5)} |`);
log(`| serve, ${SCALE_USERS.toLocaleString()}-user database | ${bc.toFixed(0)} | ${(bc / hc).toFixed(2)}× | ≤ 3× | ${verdict(bc / hc <= 3)} |`);
log();

// Memory, and the journal cap keeping RSS flat
const flat = await serve(tempDir());
const samples = [];
const per = Math.max(1000, Math.floor(JOURNAL_REQUESTS / 10));
for (let done = 0; done < JOURNAL_REQUESTS; done += per) {
  await load({ url: `${flat.url}/api/v2/demo/media-url`, amount: per });
  samples.push(rssMiB(flat.child.pid));
}
await stop(flat.child);
const warm = samples[Math.min(2, samples.length - 1)];
const growth = (samples.at(-1) - warm) / warm;
log(`## Memory`);
log();
log(`| figure | RSS MiB | target | |`);
log(`|---|---|---|---|`);
log(`| after the read run, small database | ${rssRead.toFixed(0)} | ≤ 150 | ${verdict(rssRead <= 150)} |`);
log(`| after the scale runs, ${SCALE_USERS.toLocaleString()}-user database | ${rssBig.toFixed(0)} | ≤ 350 | ${verdict(rssBig <= 350)} |`);
log(`| ${JOURNAL_REQUESTS.toLocaleString()} requests, journal cap 10,000: after warm-up → end | ${warm.toFixed(0)} → ${samples.at(-1).toFixed(0)} (${(growth * 100).toFixed(1)}%) | flat (≤ 10%) | ${verdict(growth <= 0.1)} |`);
log();
log(`RSS samples every ${per.toLocaleString()} requests: ${samples.map((x) => x.toFixed(0)).join(', ')} MiB.`);
log();
writeFileSync(join(ROOT, 'bench', 'REPORT.md'), lines.join('\n') + '\n\n' + readFileSync(join(ROOT, 'bench', 'NOTES.md'), 'utf8'));
console.log('\nWritten to bench/REPORT.md');
