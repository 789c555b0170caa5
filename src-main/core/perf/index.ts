// Every performance switch of `serve`, in one place, each with what it buys. Measured for issue 24 on the
// shared two-core build machine: each switch turned off alone in a build that has all the others, starts
// interleaved in one sitting (bench/cold-start.mjs's method, 10–20 trials), read as per-trial ratios — wall
// times there move several-fold with the machine's load, a start's main-thread CPU much less; two copies of the
// same build differed by up to 4%. Node 24 (Electron's) unless Node 22 is named.
//
//   Node's module compile cache              compile-cache.ts    without it a start's main-thread CPU 1.02–1.09×
//   V8's workers 10 nice steps lower         thread-priority.ts  without it a start's wall time 1.05–1.18× (Node 22: 1.05–1.20×)
//   the event loop held until listening      event-loop-hold.ts  Node 22: first answer after the ready line 18 ms, 171 ms without
//                                                                (medians of 10); Node 24: no difference (10 and 11 ms)
//   the database file read ahead             early-read.ts       100,000 users: without it main-thread CPU 1.15–1.25×
//   SQLite's WebAssembly compiled first      sqljs-ahead.ts      100,000 users: without it main-thread CPU 1.08–1.12× in two
//                                                                sittings of three (1.02×); no difference on a small folder
//   no allocation-site pretenuring           young-objects.ts    the one-connection p99 of the starts where V8 would tenure a
//                                                                site every request uses (issue 14: half of them, 2.0–2.8 ms
//                                                                instead of 0.6–1.0; none of 5 here on Node 24, which still
//                                                                tenures such sites); set first thing in tuneServe, see there
//   node flags --max-semi-space-size=4,      node-flags.ts       RSS: without the first 1.44× over ~850,000 requests
//     --v8-pool-size=2                                           (Node 22: 1.06×, at a start's cost there); with four
//                                                                workers instead of two 1.04–1.08×
//   node:http read as CommonJS               ../http/node-http.ts an ES import of it loads undici on Node 22+: a start 20–25 ms
//                                                                more (issue 30; startSimulator() 195 → 138 ms, Node 24)
//
// The programmatic API (`startSimulator()`, in a test suite's own process) uses three of these and nothing that
// changes its host process for good: library-start.ts, with its measurement.
//
// The switches on a partner request's path (the read cache, the journal's batches, memos and pools, and the code
// shapes chosen for speed) are tabled with their measurements in request-path.ts.
//
// Dropped in issue 24: the CommonJS build of `serve` run through V8's code cache (for Node 20, which has no
// compile cache; the package needs Node ≥ 22.12, where Node's own cache above does that job).
import { keepRequestObjectsYoung } from './young-objects';
import { enableCompileCache, flushCompileCacheSoon } from './compile-cache';
import { holdEventLoop } from './event-loop-hold';
import { lowerBackgroundThreads } from './thread-priority';

export { databaseFile, readEarly, takeEarly, type EarlyRead } from './early-read';
export { loadSqlJsAhead } from './sqljs-ahead';
export { SERVE_NODE_FLAGS } from './node-flags';

// The built-in modules a start of `serve` loads (process.moduleLoadList at its ready line), read before the V8
// flag below is set: see tuneServe.
const SERVER_BUILT_INS = [
  'node:util', 'node:fs', 'node:url', 'node:querystring', 'node:string_decoder', 'node:stream', 'node:stream/promises', 'node:os', 'node:module',
  'node:v8', 'node:crypto', 'node:async_hooks', 'node:diagnostics_channel', 'node:net', 'node:http', 'node:zlib', 'node:dns', 'node:dgram',
  'node:child_process', 'node:cluster',
] as const;

export interface ServeTuning {
  /** Once the server's code is loaded, before the database opens. */
  loaded(): void;
  /** Once the server listens, or gave up. */
  started(): void;
}

/** The first thing `serve` does: before it imports the server, and before V8's workers have work. */
export function tuneServe(): ServeTuning {
  enableCompileCache();
  // Pretenuring goes off first thing, once the built-in modules a start loads are read: setting a V8 flag
  // changes V8's flag hash, and Node compiles every built-in module it loads afterwards from source (its
  // built-in code cache no longer matches: set before them it cost a start 1.16–1.25× main-thread CPU, two
  // sittings of issue 14). Read first, they come from that cache as before: a start's CPU 258 → 257 ms
  // (Node 20) and 210 → 187 ms (Node 24), medians of 12 interleaved (issue 30). It was set once the server's
  // modules were loaded, and in half of the starts V8 had reviewed a site by then (test/startup/young-objects.test.ts
  // failed 3 of 6 runs; 0 of 12 since).
  for (const id of SERVER_BUILT_INS) process.getBuiltinModule(id);
  keepRequestObjectsYoung();
  lowerBackgroundThreads();
  const releaseEventLoop = holdEventLoop();
  return {
    loaded() {
      flushCompileCacheSoon();
    },
    started: releaseEventLoop,
  };
}
