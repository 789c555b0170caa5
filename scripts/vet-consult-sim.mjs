#!/usr/bin/env node
// The package's command (package.json "bin"): `npx vet-consult-sim serve --port 0`, the same
// server as `npm run serve`. Tuned like `npm run serve` (a small young generation keeps RSS down).
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

// Node ≥ 22.1 keeps compiled code between runs (a faster start); Node 20 has no such cache.
module.enableCompileCache?.();
setFlagsFromString('--max-semi-space-size=4');
await import('../out/main/cli.js');
