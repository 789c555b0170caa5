// `node bench/start-simulator.mjs`: the programmatic API's start in a fresh process (issue 30). Each trial spawns
// `node` on a tiny script that imports the package entry (out/main/api.js, or BENCH_BEFORE_API's: another build,
// interleaved so a noisy moment hits both) and times: import → first startSimulator() resolved, its first partner
// call answered, then five more startSimulator()s each (ms, and the heap + RSS they keep while all are open).
// BENCH_START_TRIALS (default 9). Prints medians and writes them to bench/peers/last-start-simulator.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unsetMachineCaCerts } from './peers/proc.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const TRIALS = Number(process.env.BENCH_START_TRIALS ?? 9);
const builds = [['this build', join(ROOT, 'out', 'main', 'api.js')]];
if (process.env.BENCH_BEFORE_API) builds.unshift(['before', process.env.BENCH_BEFORE_API]);
unsetMachineCaCerts();

const probe = (api) => `
const t0 = performance.now();
const { startSimulator } = await import(${JSON.stringify(api)});
const imported = performance.now() - t0;
const sim = await startSimulator();
const started = performance.now() - t0;
const r = await fetch(sim.url + '/api/v2/' + sim.credentials.app + '/media-url', { headers: { authorization: sim.credentials.authorization } });
await r.arrayBuffer();
if (r.status !== 200) throw new Error('first call ' + r.status);
const firstCall = performance.now() - t0;
const more = [];
const sims = [sim];
// gc() for the memory figure, exposed only now: --expose-gc on the command line is a V8 flag, and any V8 flag
// makes Node 24 compile its built-in modules from source (a first start 159–170 ms instead of 129–138).
const { setFlagsFromString } = await import('node:v8');
setFlagsFromString('--expose-gc');
const gc = (await import('node:vm')).runInNewContext('gc');
gc();
const rss0 = process.memoryUsage().rss;
for (let i = 0; i < 5; i++) { const t = performance.now(); sims.push(await startSimulator()); more.push(performance.now() - t); }
gc();
const perMiB = (process.memoryUsage().rss - rss0) / 5 / 2 ** 20;
for (const s of sims) await s.close();
console.log(JSON.stringify({ imported, started, firstCall, further: more.sort((a, b) => a - b)[2], perMiB }));
process.exit(0);
`;

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = Object.fromEntries(builds.map(([name]) => [name, []]));
// One untimed start per build first: it fills Node's compile cache, as any earlier run on the machine would have.
for (const [, api] of builds) execFileSync(process.execPath, ['--input-type=module', '-e', probe(api)], { encoding: 'utf8' });
for (let t = 0; t < TRIALS; t++)
  for (const [name, api] of builds) {
    const spawned = performance.now();
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', probe(api)], { encoding: 'utf8' });
    runs[name].push({ ...JSON.parse(out.trim().split('\n').at(-1)), wall: performance.now() - spawned });
  }
const result = {};
for (const [name, rs] of Object.entries(runs)) {
  const m = (k) => median(rs.map((r) => r[k]));
  result[name] = { import: m('imported'), start: m('started'), firstCall: m('firstCall'), further: m('further'), perMiB: m('perMiB'), processWall: m('wall') };
  const x = result[name];
  console.log(`${name}: import ${x.import.toFixed(0)} ms, first startSimulator() ${x.start.toFixed(0)} ms, first call answered ${x.firstCall.toFixed(0)} ms after import began; each further start ${x.further.toFixed(1)} ms, ${x.perMiB.toFixed(1)} MiB; process spawn → exit ${x.processWall.toFixed(0)} ms (medians of ${TRIALS})`);
}
if (result.before) console.log(`first call: this build ÷ before ${(result['this build'].firstCall / result.before.firstCall).toFixed(2)}`);
writeFileSync(new URL('./peers/last-start-simulator.json', import.meta.url), JSON.stringify({ at: new Date().toISOString(), trials: TRIALS, result }, null, 1) + '\n');
