// The node flags of `npm run serve`. Node reads them before any JavaScript runs, so they are written on its
// command line: package.json's serve script, which scripts/serve-flags.mjs reads for `npm start`'s headless
// fallback, the tests and the benchmarks (test/startup/node-flags.test.ts keeps the two lists equal). Neither
// takes effect when set from JavaScript (v8.setFlagsFromString): V8 sizes its heap, and Node its platform, at start.
export const SERVE_NODE_FLAGS = [
  // Young generation of at most 2 × 4 MiB. Node 24's V8 otherwise lets it grow to 128 MiB (Node 22's to 32):
  // over 80 s of A5 at 10 connections (~850,000 requests) RSS was 169 MiB with the flag and 242 MiB without it
  // (1.44×), for 0.97× the requests per second (issue 24, 3 interleaved rounds). On Node 22 it buys less (1.06×
  // RSS, 0.90× the requests per second) and costs a start 1.22–1.35× main-thread CPU: there this flag, like any
  // V8 flag, makes Node's built-in code cache unusable, so its built-in modules compile from source (http, zlib,
  // crypto and four more: 12–16 ms instead of 4–5); Node 24 is not affected by this flag. Kept for Node 24's memory.
  '--max-semi-space-size=4',
  // Two V8 workers instead of four: every compiling thread keeps its own malloc arena. With four, RSS was
  // 1.04–1.08× (issue 24, Node 24; 10–30 MiB in issue 14) and a start used 1.06–1.17× the CPU of all its
  // threads, its wall time the same; with one, the resets right after a start took 3.5 ms instead of < 3 (issue 14).
  '--v8-pool-size=2',
] as const;
