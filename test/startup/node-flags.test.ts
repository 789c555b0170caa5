// The node flags of `npm run serve` are written where node reads them (package.json's serve script, read by
// scripts/serve-flags.mjs for `npm start`, the tests and the benchmarks) and explained, each with what it
// buys, in src-main/core/perf/node-flags.ts: the two lists are the same.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveNodeFlags } from '../../scripts/serve-flags.mjs';
import { SERVE_NODE_FLAGS } from '../../src-main/core/perf/node-flags';

describe('the node flags of serve', () => {
  it('are the ones core/perf/node-flags.ts explains, in package.json\'s serve script', () => {
    expect(serveNodeFlags(join(__dirname, '..', '..'))).toEqual([...SERVE_NODE_FLAGS]);
  });
});
