// The node flags of `npm run serve`, read from package.json, where node needs them (on its command line).
// What each one buys is written in src-main/core/perf/node-flags.ts, which test/startup/node-flags.test.ts
// keeps equal to this list. `npm start`'s headless fallback, the tests that run the server as users do and
// the benchmarks all take them from here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `--max-semi-space-size=4`, … as the serve script gives them to node (the script's words that start with `--`). */
export function serveNodeFlags(root) {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve;
  return script.split(' ').filter((word) => word.startsWith('--'));
}
