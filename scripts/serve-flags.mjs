// The node flags of `npm run serve`, read from package.json: the one place they are written. `npm start`'s
// headless fallback, the tests that run the server as users do and the benchmarks all take them from here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `--max-semi-space-size=4`, … as the serve script gives them to node (the script's words that start with `--`). */
export function serveNodeFlags(root) {
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve;
  return script.split(' ').filter((word) => word.startsWith('--'));
}
