// What the request journal costs per partner request, measured on the real code: the journal service over
// an in-memory Database, fed 20,000 A5-like exchanges through recordExchange exactly as the pipeline's
// 'finish' listener calls it (journalTime for the stamp included), with the batch flush every 100
// exchanges as the 50 ms timer would at ~2,000 req/s, after 2,000 untimed ones as a warm-up. The
// response is a 2 KB JSON body that is the very same string for many requests, as the read cache hands
// it out (20 readers, so 20 distinct answers per batch).
//
//   node bench/journal-cost.mjs                 the working tree
//   node bench/journal-cost.mjs --against HEAD~3  also that commit, alternating rounds, ratios in one run
//
// Each variant runs in its own child process (fresh heap, no JIT sharing); CPU is process.cpuUsage()
// around the timed loop only (request objects are built before it), split between recording and
// flushing by wall time. Env: JOURNAL_N (20000), ROUNDS (3), KEEP=1 keeps the bundles (to profile one).
// rss+MiB is the growth over the loop (the journal's share of memory: entries, blocks, the sql.js file).
// The journal's sources are bundled with rolldown, the bundler vite 8 and electron-vite are built on.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CACHE = join(ROOT, 'node_modules', '.cache', 'journal-cost'); // inside the project, so sql.js resolves

/** Bundles the journal's modules from `srcRoot` (a checkout) into one ES module; returns its path. */
async function bundle(srcRoot, name) {
  const { build } = await import('rolldown');
  mkdirSync(CACHE, { recursive: true });
  const entry = join(CACHE, `${name}-entry.ts`);
  const core = join(srcRoot, 'src-main', 'core');
  writeFileSync(
    entry,
    [
      `export { Database } from '${core}/db/database.ts';`,
      `export { JOURNAL_MIGRATIONS } from '${core}/db/migrations.ts';`,
      existsSync(join(core, 'journal', 'service.ts')) ? `export { journalService } from '${core}/journal/service.ts';` : `export { journalService } from '${core}/domain/journal.ts';`,
      `export { recordExchange } from '${core}/journal/recorder.ts';`,
      `export { journalTime } from '${core}/journal/time.ts';`,
      `export { SimulatorEventBus } from '${core}/events.ts';`,
    ].join('\n'),
  );
  const file = join(CACHE, `${name}.mjs`);
  await build({ input: entry, platform: 'node', external: [/^node:/, 'sql.js'], output: { file, format: 'esm', codeSplitting: false }, logLevel: 'silent' });
  return file;
}

/** A checkout of `ref`'s sources (git archive into a temp folder). */
function checkout(ref) {
  mkdirSync(CACHE, { recursive: true });
  const dir = mkdtempSync(join(CACHE, 'ref-'));
  const tar = execFileSync('git', ['-C', ROOT, 'archive', ref, 'src-main', 'src-shared'], { maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return dir;
}

// ---- the measured child ------------------------------------------------------------------------------
async function measure(file) {
  const http = await import('node:http');
  const { Database, JOURNAL_MIGRATIONS, journalService, recordExchange, journalTime, SimulatorEventBus } = await import(file);
  const N = Number(process.env.JOURNAL_N ?? 20_000);
  const BATCH = 100;
  const db = await Database.open({ migrations: JOURNAL_MIGRATIONS });
  const ctx = { db, events: new SimulatorEventBus(), clock: undefined, baseUrl: () => 'http://127.0.0.1:4010' };
  const journal = journalService(ctx, db, 10_000);
  const auth = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
  // 20 readers, each with its own cached answer: one string object handed out again and again.
  const bodies = Array.from({ length: 20 }, (_, u) => {
    const list = [];
    for (let p = 0; list.length === 0 || JSON.stringify(list).length < 1900; p++)
      list.push({ id: u * 10 + p, user_id: u, pet_id: p, name: `Pet${p}`, species: 'dog', age: '2 years', breed: null, color: null, weight: '10 lbs', sex: 'male', created_at: '2026-11-23 13:01:06' });
    return JSON.stringify({ success: true, status_code: 200, message: ['pet list'], data: { list } });
  });
  const endpoint = { id: 'A5' };
  const app = { name: 'demo' };

  /** A request and its finished response as node hands them to the 'finish' listener. */
  function exchange(i) {
    const u = i % bodies.length;
    // The limiter counts down per request and the Date moves every second: those headers differ entry to entry.
    const second = Math.floor(i / 1000);
    const url = `/api/v2/demo/pet/list?email=reader${u}%40bench.example`;
    const req = new http.IncomingMessage(null);
    req.method = 'GET';
    req.url = url;
    req.originalUrl = url;
    req.headers = { host: '127.0.0.1:4010', authorization: auth, accept: '*/*', 'user-agent': 'autocannon', connection: 'keep-alive' };
    const res = new http.ServerResponse(req);
    res.statusCode = 200;
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('X-RateLimit-Limit', '200');
    res.setHeader('X-RateLimit-Remaining', String(199 - (i % 200)));
    res.setHeader('Date', new Date(Date.UTC(2026, 10, 23, 13, 0, second)).toUTCString());
    res.setHeader('X-RateLimit-Reset', '1795438927');
    res.setHeader('cache-control', 'no-cache, private');
    res.setHeader('content-type', 'application/json');
    res.setHeader('content-length', String(Buffer.byteLength(bodies[u])));
    const call = { started: performance.now(), family: 'application', appName: 'demo', endpoint, app, responseBody: bodies[u], path: '/api/v2/demo/pet/list', query: url.slice(url.indexOf('?') + 1), journal, time: '' };
    res.locals = call;
    // The recorder since issue 24 reads the call alone: its request, its body as read, and its head's own fields (set in the same order).
    Object.assign(call, { req, status: 200, body: { kind: 'none' }, head: { fields: Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, String(v)])) } });
    return { req, res, call };
  }

  /** recordExchange(call) since issue 24; (req, res, locals, facts) in the commits before it (--against). */
  const record = recordExchange.length === 1 ? (req, res, call) => recordExchange(call) : (req, res, call) => recordExchange(req, res, call, call);

  // Every request object is built first, so the timed loop is the journal's work alone (and the GC its
  // allocations cause); CPU is read twice in all (a cpuUsage call costs ~0.1 ms here), the split between
  // recording and flushing by wall time inside the loop.
  // A warm-up first (not timed): a running server's journal code is compiled and sql.js tiered up; the
  // first thousands of calls of a fresh process cost several times what they cost after.
  const WARM_UP = 2_000;
  for (let done = 0; done < WARM_UP; done += BATCH) {
    for (let i = done; i < done + BATCH; i++) {
      const { req, res, call } = exchange(i);
      call.time = journalTime(Date.now());
      record(req, res, call);
    }
    journal.flush();
  }
  journal.clear();
  const exchanges = Array.from({ length: N }, (_, i) => exchange(i));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let recordMs = 0;
  let flushMs = 0;
  const t0 = process.cpuUsage();
  for (let done = 0; done < N; done += BATCH) {
    const w0 = performance.now();
    for (let i = done; i < done + BATCH; i++) {
      const { req, res, call } = exchanges[i];
      call.time = journalTime(Date.now());
      record(req, res, call);
    }
    const w1 = performance.now();
    journal.flush();
    recordMs += w1 - w0;
    flushMs += performance.now() - w1;
  }
  const used = process.cpuUsage(t0);
  const cpu = used.user + used.system;
  const recordCpu = (cpu * recordMs) / (recordMs + flushMs);
  exchanges.length = 0;
  // What readers see must still be right: the newest entry reads back its exact body.
  const newest = journal.get(WARM_UP + N);
  if (newest?.response_body !== bodies[(N - 1) % bodies.length]) throw new Error('the newest entry does not read back its body');
  // A recording that failed is still stored (with its error): the timing would then be of the failure.
  if (newest.error !== null && newest.error !== undefined) throw new Error(`the newest entry was recorded with an error: ${newest.error}`);
  if (journal.count() !== Math.min(N, 10_000)) throw new Error(`count ${journal.count()}`);
  global.gc?.();
  const mem = process.memoryUsage();
  const fileBytes = db.export().length;
  process.stdout.write(
    JSON.stringify({ perEntry: cpu / N, record: recordCpu / N, flush: (cpu - recordCpu) / N, rssGrowthMiB: (mem.rss - rssBefore) / 2 ** 20, heapMiB: mem.heapUsed / 2 ** 20, fileMiB: fileBytes / 2 ** 20 }),
  );
}

if (process.argv[2] === '--child') {
  await measure(process.argv[3]);
} else {
  const args = process.argv.slice(2);
  const againstAt = args.indexOf('--against');
  const variants = [];
  if (againstAt >= 0) variants.push({ name: `${args[againstAt + 1]}`, file: await bundle(checkout(args[againstAt + 1]), 'against') });
  variants.push({ name: 'working tree', file: await bundle(ROOT, 'current') });
  const rounds = Number(process.env.ROUNDS ?? 3);
  const results = new Map(variants.map((v) => [v.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const v of variants) {
      const out = spawnSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname, '--child', v.file], { encoding: 'utf8', env: process.env });
      if (out.status !== 0) throw new Error(`${v.name}: ${out.stderr}`);
      results.get(v.name).push(JSON.parse(out.stdout));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const f = (x) => x.toFixed(1).padStart(7);
  console.log(`journal cost per A5-like entry, ${process.env.JOURNAL_N ?? 20_000} entries, median of ${rounds} rounds`);
  console.log('variant              µs/entry  record   flush  rss+MiB  heapMiB  fileMiB');
  for (const [name, rs] of results) {
    const m = (k) => median(rs.map((x) => x[k]));
    console.log(`${name.padEnd(20)}${f(m('perEntry'))}${f(m('record'))}${f(m('flush'))}${f(m('rssGrowthMiB'))}  ${f(m('heapMiB'))}  ${f(m('fileMiB'))}`);
  }
  if (!process.env.KEEP) rmSync(join(CACHE), { recursive: true, force: true });
}
