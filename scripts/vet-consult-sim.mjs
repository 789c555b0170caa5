#!/usr/bin/env node
// The package's command (package.json "bin"): `npx vet-consult-sim serve --port 0`, the same
// server as `npm run serve`. Tuned like `npm run serve` (a small young generation keeps RSS down),
// except for `--v8-pool-size=1`, which only a node command line can set: `npm run serve` gives V8 one
// worker thread so that its background optimisation of SQLite's WebAssembly does not take the main
// thread's core during a start on a two-core machine (cold start 391 → 286 ms with the schema images).
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

// Node ≥ 22.1 keeps compiled code between runs (a faster start); Node 20 has no such cache.
module.enableCompileCache?.();
setFlagsFromString('--max-semi-space-size=4');
await import('../out/main/cli.js');
