// The package as an MCP client's user installs it: `npm pack` of this repository (the build must be fresh: npm test
// builds first), the tarball installed into a temporary project (`npm install <tarball>`, dependencies from the npm
// cache when there), and its `vet-consult-sim` bin's path. As test/cli/package.test.ts packs it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireBuild, tempDir } from '../cli/run';

const root = join(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Installed {
  /** The temporary project the tarball is installed in. */
  project: string;
  /** node_modules/.bin/vet-consult-sim: what `npx vet-consult-sim` runs there. */
  bin: string;
  /** `tar tzf` of the tarball: what the package ships. */
  files: string[];
}

export function packAndInstall(): Installed {
  requireBuild();
  const dir = tempDir();
  const env = { ...process.env, npm_config_update_notifier: 'false' };
  // --ignore-scripts: the build is fresh already; prepack would rebuild it, postinstall would fetch Electron.
  const name = execFileSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir, root], { encoding: 'utf8', env }).trim().split('\n').pop()!;
  const tarball = join(dir, name);
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
  // A build running beside this one (build-if-stale empties out/ first) packs a package without its server.
  if (!files.includes('package/out/main/cli.js')) throw new Error(`${tarball} has no out/main/cli.js: was out/ being rebuilt while it was packed? Build, then run again.`);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'mcp-user', private: true }));
  execFileSync(npm, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', tarball], { cwd: project, env, stdio: 'pipe' });
  const bin = join(project, 'node_modules', '.bin', process.platform === 'win32' ? 'vet-consult-sim.cmd' : 'vet-consult-sim');
  if (!existsSync(bin)) throw new Error(`${bin} is missing after installing ${tarball}`);
  return { project, bin, files };
}
