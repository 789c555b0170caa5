// `npm run bench:peers` (or `node bench/peers/run.mjs`): the simulator against WireMock,
// json-server, Prism, Mockoon and an express hello-world, in one sitting, every peer serving the
// simulator's own captured A5 response; writes bench/REPORT-peers.md.
// Knobs: BENCH_ROUNDS (2), BENCH_DURATION (s, 10), BENCH_SEQ_REQUESTS (3000), BENCH_SCALE_USERS
// (100000), BENCH_FLAT_REQUESTS (1000000, the target's own count; ~30 s), BENCH_PROFILE_SECONDS (8), BENCH_COLD_TRIALS (5),
// BENCH_RESETS (30), BENCH_ONLY (comma-separated target keys), BENCH_INSTALL_JAVA=1 (let the
// script apt-get Debian's Java when `java` is missing; root only). `--report-only` rewrites the
// report from bench/peers/last-run.json without measuring again.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { unsetMachineCaCerts } from './proc.mjs';

const HERE = new URL('.', import.meta.url).pathname;
/** The raw figures of the last sitting: `--report-only` rewrites the report from them (after editing NOTES.md). */
const FIGURES = join(HERE, 'last-run.json');

function writeReport(figures, render) {
  const notesFile = join(HERE, 'NOTES.md');
  const notes = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
  const md = render({ ...figures, notes });
  writeFileSync(join(HERE, '..', 'REPORT-peers.md'), md);
  console.log('\n' + md);
  console.log('Written to bench/REPORT-peers.md');
}

if (process.argv.includes('--report-only')) {
  if (!existsSync(FIGURES)) {
    console.error('No figures yet: run `node bench/peers/run.mjs` once without --report-only.');
    process.exit(1);
  }
  const { render } = await import('./report.mjs');
  writeReport(JSON.parse(readFileSync(FIGURES, 'utf8')), render);
  process.exit(0);
}
const started = performance.now();
// Other work on the machine shows in every figure; the load average says how much there was.
const loadAtStart = loadavg()[0];
const caCertsUnset = unsetMachineCaCerts({ keepable: false });
const say = (s) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);

// The peers live in their own folder with their own lock file, installed on first use.
const marker = join(HERE, 'node_modules', '.package-lock.json');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(join(HERE, 'package-lock.json')).mtimeMs) {
  say('installing the peers into bench/peers (npm ci, once)');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefix', HERE], { stdio: 'inherit' });
}
if (!existsSync(join(HERE, '../../out/main/cli.js'))) {
  console.error('The simulator is not built: run `npm run build` first.');
  process.exit(1);
}

const { TARGETS, javaVersion, labelOf } = await import('./targets.mjs');
if (!javaVersion() && process.env.BENCH_INSTALL_JAVA === '1' && process.getuid?.() === 0) {
  say('installing Debian\'s Java for WireMock');
  execFileSync('apt-get', ['install', '-y', 'default-jre-headless'], { stdio: 'inherit' });
}
const { measureTarget, settings } = await import('./measure.mjs');
const { memoryTrend } = await import('../memory-trend.mjs');
const { captureFixture } = await import('./simulator.mjs');
const { coldStarts, resetMedian, rssOverRequests, scaleDatabase } = await import('./extras.mjs');
const { profileA5, profileReset } = await import('./profile.mjs');
const { render } = await import('./report.mjs');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SCALE_USERS = Number(process.env.BENCH_SCALE_USERS ?? 100_000);
// The target speaks of 1,000,000 requests; fewer (a few seconds) are shorter than some of the sawtooth's teeth.
const FLAT_REQUESTS = Number(process.env.BENCH_FLAT_REQUESTS ?? 1_000_000);
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 8);
const only = process.env.BENCH_ONLY ? new Set(['bare', 'simulator', ...process.env.BENCH_ONLY.split(',')]) : null;

const work = mkdtempSync(join(tmpdir(), 'vet-bench-peers-'));
try {
  // The response every peer serves: the simulator's own, captured once.
  const fixtureFile = join(work, 'a5-response.json');
  const fixture = await captureFixture(fixtureFile);
  say(`captured A5: ${fixture.status}, ${Buffer.byteLength(fixture.body)} bytes, headers ${Object.keys(fixture.headers).join(', ')}`);

  const skipped = [];
  const targets = [];
  for (const t of TARGETS) {
    if (only && !only.has(t.key)) continue;
    const reason = t.unavailable();
    if (reason) skipped.push({ label: labelOf(t), reason });
    else targets.push({ ...t, label: labelOf(t) });
  }
  for (const s of skipped) say(`skipping ${s.label}: ${s.reason}`);

  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const figures = {};
    for (const t of targets) {
      const dir = mkdtempSync(join(work, `r${round}-${t.key}-`));
      try {
        figures[t.key] = await measureTarget(t, dir, fixtureFile);
        const m = figures[t.key];
        say(`round ${round} ${t.label}: ${m.tp.rps.toFixed(0)} req/s, p99 ${m.tp.p99} ms, 1-conn p50 ${m.seq.p50.toFixed(3)} ms, cold ${m.coldStartMs.toFixed(0)} ms, RSS ${m.rss.toFixed(0)} MiB, CPU ${m.tp.cpuPerRequestUs.toFixed(0)} µs/req${m.write ? `, A2 ${m.write.rps.toFixed(0)} req/s` : ''}`);
      } catch (e) {
        say(`round ${round} ${t.label} failed: ${e.message}`);
        if (!skipped.some((s) => s.label === t.label)) skipped.push({ label: t.label, reason: `failed: ${e.message.split('\n')[0]}` });
      }
    }
    // bare node:http again at the end of the round: other work on the machine changes within a round too
    const bare = targets.find((t) => t.key === 'bare');
    if (bare && figures.bare) {
      try {
        figures.bareEnd = await measureTarget(bare, mkdtempSync(join(work, `r${round}-bare-end-`)), fixtureFile);
        say(`round ${round} bare node:http again: ${figures.bareEnd.tp.rps.toFixed(0)} req/s`);
      } catch (e) {
        say(`round ${round} bare node:http again failed: ${e.message}`);
      }
    }
    rounds.push(figures);
  }

  say(`generating the ${SCALE_USERS.toLocaleString()}-user database`);
  const scale = await scaleDatabase(work, SCALE_USERS);
  say(`generated in ${scale.seconds.toFixed(1)} s; cold starts`);
  const cold = await coldStarts(work, fixtureFile, scale.dir);
  say(`cold start: hello ${cold.hello.toFixed(0)} ms, empty ${cold.empty.toFixed(0)} ms, big ${cold.big.toFixed(0)} ms; resets`);
  const reset = { memory: await resetMedian(['--in-memory']), disk: await resetMedian(() => ['--data-dir', mkdtempSync(join(work, 'reset-'))]), count: Number(process.env.BENCH_RESETS ?? 30), processes: Number(process.env.BENCH_RESET_PROCESSES ?? 3) };
  say(`reset median: ${reset.memory.median.toFixed(2)} ms in memory, ${reset.disk.median.toFixed(2)} ms on disk; RSS over ${FLAT_REQUESTS.toLocaleString()} requests`);
  const flatRun = await rssOverRequests(work, FLAT_REQUESTS);
  const { fine, ...kept } = flatRun; // the 100 ms samples are many: the report keeps their trend, not them
  // A short run (a small BENCH_FLAT_REQUESTS) may leave too few samples for quarters: then no figure, not a crash.
  const series = fine.length >= 8 ? fine : kept.samples;
  const trend = series.length >= 4 ? memoryTrend(series) : { warm: NaN, end: NaN, growth: NaN };
  const flat = { ...kept, ...trend, fineCount: series === fine ? fine.length : 0 };
  say(`RSS ${flat.samples.map((x) => x.toFixed(0)).join(', ')} MiB; profiling`);
  const profile = { a5: await profileA5(work, PROFILE_SECONDS), reset: await profileReset(work, Number(process.env.BENCH_RESETS ?? 30)) };

  const header = [
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}${javaVersion() ? `, ${javaVersion().split('\n')[0]}` : ''}; ${ROUNDS} round(s), ${((performance.now() - started) / 60000).toFixed(1)} minutes in all.`,
    `Load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, on ${cpus().length} cores: above the core count the targets share their cores with other work, so absolute figures (req/s, latency, CPU per request) are worse than on a quiet machine; the ratios to bare \`node:http\` from the same round are what compare across sittings.`,
    ...(caCertsUnset ? ['NODE_EXTRA_CA_CERTS was set on this machine; it is unset for every target (it adds ~50 ms to every Node start).'] : []),
    `The captured A5 response: ${Buffer.byteLength(fixture.body)} bytes of JSON (a client user with five pets), headers ${Object.entries(fixture.headers).map(([k, v]) => `\`${k}: ${v}\``).join(', ')}.`,
  ];
  const figures = { header, targets: targets.map(({ key, label }) => ({ key, label })), rounds, skipped, extras: { cold, reset, flat, scaleUsers: SCALE_USERS }, profile, settings };
  writeFileSync(FIGURES, JSON.stringify(figures, null, 1) + '\n');
  writeReport(figures, render);
} finally {
  rmSync(work, { recursive: true, force: true });
}
