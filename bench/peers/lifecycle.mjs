// One consultation lifecycle, call by call (issue 30): A7 register, A2 pet/add, A8 talk-to-vet, vet accept and
// vet feedback (control API), A11 feedback, A10 end — sequentially on one keep-alive connection, FLOWS flows, a
// reset every 10 — against `serve --in-memory` in its own process, and the same seven requests (same bytes) to a
// bare node:http server, also in its own process, from the same client in the same sitting. Two clients, each
// against its own bare limit: node's http client (what the issue measured with, and what a partner's Node suite
// uses underneath) and a thin one (raw-requests.mjs) that leaves less of the client in the figures. Prints per-call p50/p99, the flow's p50/p99
// and its ratio to the bare limit; with BENCH_LIFECYCLE_PROFILE=1 (the default) one more run under
// `node --cpu-prof` says where the simulator's time goes. Writes bench/REPORT-lifecycle.md and
// bench/peers/last-lifecycle.json.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, launch, mainThreadCpuSeconds, terminate, unsetMachineCaCerts } from './proc.mjs';
import { nodeRequester } from './node-requests.mjs';
import { rawRequester } from './raw-requests.mjs';
import { AUTH, startSimulator } from './simulator.mjs';
import { summarise } from './profile.mjs';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 300);
const WARM_FLOWS = Number(process.env.BENCH_WARM_FLOWS ?? 50);
const RESET_EVERY = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Another build's out/main/cli.js (e.g. a copy made before a change): run in every round too, shown as "before". */
const BEFORE_CLI = process.env.BENCH_BEFORE_CLI;
const PROFILE = process.env.BENCH_LIFECYCLE_PROFILE !== '0';
const OUT = process.env.BENCH_LIFECYCLE_REPORT ?? new URL('../REPORT-lifecycle.md', import.meta.url).pathname;
/** The clients, each measured against bare through itself. */
const CLIENTS = { node: { label: "node's http client", connect: nodeRequester }, thin: { label: 'the thin client (raw-requests.mjs)', connect: rawRequester } };
const CALLS = ['A7 register', 'A2 pet/add', 'A8 talk-to-vet', 'vet accept', 'vet feedback', 'A11 feedback', 'A10 end'];

unsetMachineCaCerts();
const JSON_HEADERS = { authorization: AUTH, 'content-type': 'application/json' };
const CONTROL_HEADERS = { 'content-type': 'application/json' };

const quantile = (xs, q) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const dataOf = (r, what) => {
  if (r.status !== 200) throw new Error(`${what} answered ${r.status}: ${r.body}`);
  return JSON.parse(r.body);
};

/** The seven calls of flow `n`; each step reads what it needs from the answers before it. */
async function flow(c, n, times) {
  const email = `owner${n}@bench.example`;
  const t = (i, r) => (times[i].push(r.ms), r);
  dataOf(t(0, await c.request('POST', '/api/v2/demo/register-user', JSON_HEADERS, JSON.stringify({ first_name: 'Bench', last_name: 'Owner', email, role: 'users', dev_type: 'ios' }))), 'A7');
  const pet = dataOf(t(1, await c.request('POST', '/api/v2/demo/pet/add', JSON_HEADERS, JSON.stringify({ email, name: 'Rex', age: '2 years', sex: 'male', species: 'dog', weight: 10 }))), 'A2').data;
  const sid = dataOf(t(2, await c.request('POST', '/api/v2/demo/talk-to-vet', JSON_HEADERS, JSON.stringify({ email, conversation_request: 'chat', pet_id: pet?.pet?.id ?? 1 }))), 'A8').data?.channel ?? 'CHbare';
  dataOf(t(3, await c.request('POST', `/__sim/v1/consultations/${sid}/accept`, CONTROL_HEADERS, '{}')), 'accept');
  dataOf(t(4, await c.request('PUT', `/__sim/v1/consultations/${sid}/feedback`, CONTROL_HEADERS, JSON.stringify({ recommendation: 'Non-urgent', reason: 'Rest and fluids.' }))), 'vet feedback');
  dataOf(t(5, await c.request('POST', '/api/v2/demo/feedback', JSON_HEADERS, JSON.stringify({ type: 'chat', channel_sid: sid }))), 'A11');
  dataOf(t(6, await c.request('POST', '/api/v2/demo/end', JSON_HEADERS, JSON.stringify({ channel_sid: sid }))), 'A10');
}

/** The rate limit off (a flow is 5 partner calls; 60 a minute would refuse the 13th flow): set after every reset, untimed. */
const unlimited = (c) => c.request('PATCH', '/__sim/v1/apps/1', CONTROL_HEADERS, JSON.stringify({ rate_limit_per_minute: 0 }));

/** FLOWS flows against `url` (after WARM_FLOWS unmeasured ones); `reset` false for the bare server. */
async function run(url, { reset, client }) {
  const c = await CLIENTS[client].connect(url);
  const times = CALLS.map(() => []);
  const flows = [];
  const resets = [];
  try {
    if (reset) await unlimited(c);
    const scratch = CALLS.map(() => []);
    for (let n = 0; n < WARM_FLOWS + FLOWS; n++) {
      const measured = n >= WARM_FLOWS;
      if (n > 0 && n % RESET_EVERY === 0 && reset) {
        const r = await c.request('POST', '/__sim/v1/reset', CONTROL_HEADERS, '{}');
        if (r.status !== 200) throw new Error(`reset answered ${r.status}: ${r.body}`);
        if (measured) resets.push(r.ms);
        await unlimited(c);
      }
      const into = measured ? times : scratch;
      const before = into.map((x) => x.length);
      await flow(c, n, into);
      if (measured) flows.push(into.reduce((a, x, i) => a + x[before[i]], 0));
    }
  } finally {
    c.close();
  }
  const per = CALLS.map((name, i) => ({ name, p50: quantile(times[i], 0.5), p99: quantile(times[i], 0.99) }));
  return { per, flow: { p50: quantile(flows, 0.5), p99: quantile(flows, 0.99) }, reset: resets.length ? { p50: quantile(resets, 0.5), p99: quantile(resets, 0.99) } : undefined };
}

/** Bare node:http in its own process (servers/bare-json.mjs), as the simulator runs in its own: the limit for the same bytes. */
async function bare() {
  const port = await freePort();
  const { child } = await launch(process.execPath, [new URL('./servers/bare-json.mjs', import.meta.url).pathname, String(port)], `http://127.0.0.1:${port}/`);
  return { url: `http://127.0.0.1:${port}`, close: () => terminate(child) };
}

async function simulatorRun(nodeFlags = [], cli, client = 'thin') {
  const s = await startSimulator(['--in-memory'], { nodeFlags, cli });
  try {
    // The server's main-thread CPU (from /proc: the thread that answers) over the whole run, per request: warm-up, resets and PATCHes included.
    const cpu0 = mainThreadCpuSeconds(s.child.pid);
    const out = await run(s.url, { reset: true, client });
    const requests = (WARM_FLOWS + FLOWS) * CALLS.length + 2 * Math.floor((WARM_FLOWS + FLOWS - 1) / RESET_EVERY) + 1;
    return { ...out, cpuPerRequestUs: ((mainThreadCpuSeconds(s.child.pid) - cpu0) / requests) * 1e6 };
  } finally {
    await terminate(s.child);
  }
}

const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const mid = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] * 0.5 + xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] * 0.5;

const started = new Date();
const load0 = loadavg()[0];
const rounds = [];
/** Bare at the start and the end of the round through `client`, the simulator (and the build before) between. */
async function measureWith(client, round) {
  const b = await bare();
  const bareRun = await run(b.url, { reset: false, client });
  await b.close();
  const before = BEFORE_CLI ? await simulatorRun([], BEFORE_CLI, client) : undefined;
  const sim = await simulatorRun([], undefined, client);
  const b2 = await bare();
  const bareEnd = await run(b2.url, { reset: false, client });
  await b2.close();
  // The limit: the seven round trips at bare's p50 (the mean of its start and end of the round).
  const barePer = CALLS.map((_, i) => (bareRun.per[i].p50 + bareEnd.per[i].p50) / 2);
  const limit = barePer.reduce((a, x) => a + x, 0);
  const r = { bare: bareRun, bareEnd, sim, limit, ratio: limit / sim.flow.p50, barePer, before };
  const say = (what, x) => {
    console.log(`round ${round}, ${client} client${what}: flow p50 ${f2(x.flow.p50)} ms, p99 ${f2(x.flow.p99)} ms; bare flow ${f2(limit)} ms; ratio ${(limit / x.flow.p50).toFixed(2)}; reset p50 ${f2(x.reset?.p50)} ms; server CPU ${x.cpuPerRequestUs.toFixed(0)} µs a request`);
    for (const [i, c] of x.per.entries()) console.log(`  ${c.name.padEnd(15)} p50 ${f2(c.p50)} ms  p99 ${f2(c.p99)} ms  (${(c.p50 / barePer[i]).toFixed(1)}× bare ${f2(barePer[i])})`);
  };
  if (before) say(' before', before);
  say('', sim);
  return r;
}

for (let round = 1; round <= ROUNDS; round++) {
  const r = {};
  for (const client of Object.keys(CLIENTS)) r[client] = await measureWith(client, round);
  rounds.push(r);
}

let profile;
if (PROFILE) {
  const dir = mkdtempSync(join(tmpdir(), 'vet-bench-lifecycle-'));
  try {
    const profDir = join(dir, 'prof');
    mkdirSync(profDir);
    await simulatorRun(['--cpu-prof', '--cpu-prof-dir', profDir]);
    const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (file) profile = summarise(join(profDir, file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const lines = [];
const log = (l = '') => (console.log(l), lines.push(l));
lines.push('# The consultation lifecycle, call by call (`node bench/peers/lifecycle.mjs`, part of `npm run bench:peers`)', '');
lines.push(`Run ${started.toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ${ROUNDS} round(s) of ${FLOWS} flows (after ${WARM_FLOWS} unmeasured), a reset every ${RESET_EVERY}; load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`, '');
lines.push('The simulator runs as `npm run serve -- --in-memory` in its own process; the client is this process, one keep-alive connection, one request at a time, first through node\'s http client (node-requests.mjs), then through a thin one (raw-requests.mjs), each against bare through itself. Bare `node:http`, also in its own process (servers/bare-json.mjs), gets the same seven requests (same bytes) before and after the simulator in each round; the limit is the sum of its seven p50s. The flow ratio is limit ÷ the flow\'s p50.', '');
/** The tables of one client: its calls, the build before (if run), and the targets read through it. */
function tablesFor(client) {
  const rs = rounds.map((r) => r[client]);
  log(`### Through ${CLIENTS[client].label}`);
  log('');
  log('| call | ' + rs.map((_, i) => `round ${i + 1} p50 / p99 (ms)`).join(' | ') + ' | p50 ÷ bare (median) |');
  log('|---|' + rs.map(() => '---|').join('') + '---|');
  CALLS.forEach((name, i) => log(`| ${name} | ${rs.map((r) => `${f2(r.sim.per[i].p50)} / ${f2(r.sim.per[i].p99)}`).join(' | ')} | ${mid(rs.map((r) => r.sim.per[i].p50 / r.barePer[i])).toFixed(1)}× |`));
  log(`| **flow** | ${rs.map((r) => `**${f2(r.sim.flow.p50)} / ${f2(r.sim.flow.p99)}**`).join(' | ')} | |`);
  log(`| bare round trip (mean of the seven p50s) | ${rs.map((r) => f2(r.limit / CALLS.length)).join(' | ')} | |`);
  log(`| bare limit (7 round trips) | ${rs.map((r) => f2(r.limit)).join(' | ')} | |`);
  log(`| reset (between flows) | ${rs.map((r) => `${f2(r.sim.reset?.p50)} / ${f2(r.sim.reset?.p99)}`).join(' | ')} | |`);
  log(`| server main-thread CPU a request (µs, whole run) | ${rs.map((r) => r.sim.cpuPerRequestUs.toFixed(0)).join(' | ')} | |`);
  log('');
  if (rs[0].before) {
    log(`Before (${BEFORE_CLI}), the same rounds, run just before the build above:`);
    log('');
    log('| call | ' + rs.map((_, i) => `round ${i + 1} p50 / p99 (ms)`).join(' | ') + ' | p50 after ÷ before (median) |');
    log('|---|' + rs.map(() => '---|').join('') + '---|');
    CALLS.forEach((name, i) => log(`| ${name} | ${rs.map((r) => `${f2(r.before.per[i].p50)} / ${f2(r.before.per[i].p99)}`).join(' | ')} | ${mid(rs.map((r) => r.sim.per[i].p50 / r.before.per[i].p50)).toFixed(2)} |`));
    log(`| **flow** | ${rs.map((r) => `**${f2(r.before.flow.p50)} / ${f2(r.before.flow.p99)}**`).join(' | ')} | ${mid(rs.map((r) => r.sim.flow.p50 / r.before.flow.p50)).toFixed(2)} |`);
    log(`| flow ÷ bare limit | ${rs.map((r) => (r.limit / r.before.flow.p50).toFixed(2)).join(' | ')} | |`);
    log(`| reset (between flows) | ${rs.map((r) => `${f2(r.before.reset?.p50)} / ${f2(r.before.reset?.p99)}`).join(' | ')} | |`);
    log(`| server main-thread CPU a request (µs, whole run) | ${rs.map((r) => r.before.cpuPerRequestUs.toFixed(0)).join(' | ')} | ${mid(rs.map((r) => r.sim.cpuPerRequestUs / r.before.cpuPerRequestUs)).toFixed(2)} |`);
    log('');
  }
  const ratio = mid(rs.map((r) => r.ratio));
  const tail = mid(rs.map((r) => r.sim.flow.p99 / r.sim.flow.p50));
  const perCall = CALLS.map((_, i) => mid(rs.map((r) => r.sim.per[i].p50 / r.barePer[i])));
  const worst = Math.max(...perCall);
  log('| target (medians of the rounds) | measured | target | |');
  log('|---|---|---|---|');
  log(`| flow p50 as a share of the bare limit | ${ratio.toFixed(2)} (${rs.map((r) => r.ratio.toFixed(2)).join(' / ')}) | ≥ 0.40 | ${ratio >= 0.4 ? 'met' : '**not met**'} |`);
  log(`| flow p99 ÷ its p50 | ${tail.toFixed(1)} | ≤ 4 | ${tail <= 4 ? 'met' : '**not met**'} |`);
  log(`| slowest call's p50 ÷ bare's round trip (${CALLS[perCall.indexOf(worst)]}) | ${worst.toFixed(1)}× | ≤ 3× | ${worst <= 3 ? 'met' : '**not met**'} |`);
  log('');
}

for (const client of Object.keys(CLIENTS)) tablesFor(client);
if (profile) {
  log('');
  log(`## Where the simulator's time goes (one more run under \`node --cpu-prof\`: ${(profile.busyMs).toFixed(0)} ms busy of ${(profile.totalMs / 1000).toFixed(1)} s)`);
  log('');
  log('| group | self ms | share of busy |');
  log('|---|---|---|');
  for (const g of profile.groups) log(`| ${g.name} | ${g.ms.toFixed(0)} | ${Number.isFinite(g.shareOfBusy) ? (100 * g.shareOfBusy).toFixed(1) + '%' : '–'} |`);
  log('');
  log('| function (self time) | ms | share of busy |');
  log('|---|---|---|');
  for (const f of profile.functions) log(`| ${f.name.replace(/\|/g, '\\|')} | ${f.ms.toFixed(0)} | ${(100 * f.shareOfBusy).toFixed(1)}% |`);
}
const notes = new URL('./LIFECYCLE-NOTES.md', import.meta.url);
if (existsSync(notes)) lines.push('', readFileSync(notes, 'utf8').trimEnd());
writeFileSync(OUT, lines.join('\n') + '\n');
writeFileSync(new URL('./last-lifecycle.json', import.meta.url), JSON.stringify({ started, rounds, profile }, null, 1) + '\n');
