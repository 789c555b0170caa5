// npm run test:container: the container image and the Testcontainers recipe (vitest.container.config.ts).
// Testcontainers needs Node 22.19 or newer (its undici 8): on an older Node this fetches Node 24 from the
// npm registry into a temporary folder, runs the suite with it, and removes the folder. Its bin folder
// goes first in PATH, so everything the tests spawn runs the same Node. Extra arguments go to vitest.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [major, minor] = process.versions.node.split('.').map(Number);
const recentEnough = major > 22 || (major === 22 && minor >= 19);

// The recipe imports the package by name (out/main/api.js): the build must be there and current.
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let node = process.execPath;
let prefix;
if (!recentEnough) {
  // The npm registry's Node builds are packages named node-<os>-<arch> (what the `node` package installs).
  const pkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}@24`;
  prefix = mkdtempSync(join(tmpdir(), 'vet-sim-node24-'));
  process.stderr.write(`Node ${process.version} is older than 22.19, which Testcontainers needs: fetching ${pkg} for this run…\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, pkg], { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
  const bin = join(prefix, 'node_modules', pkg.replace(/@24$/, ''), 'bin');
  const candidate = join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  if (r.status === 0 && existsSync(candidate)) node = candidate;
  else process.stderr.write(`Could not fetch ${pkg}: the Testcontainers test will skip (it says so).\n`);
}

const env = { ...process.env };
if (node !== process.execPath) env.PATH = `${join(node, '..')}${delimiter}${env.PATH ?? ''}`;
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const child = spawn(node, [vitest, 'run', '--config', 'vitest.container.config.ts', ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
// Ctrl-C reaches vitest through the terminal's process group; a SIGTERM to this script is passed on,
// so that the tests' afterAll hooks still remove their containers.
for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
process.on('SIGINT', () => undefined);
child.on('exit', (code, signal) => {
  if (prefix) rmSync(prefix, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
