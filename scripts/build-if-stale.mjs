// Builds out/ with electron-vite when it is missing or older than any source file,
// so `npm run serve`, `npm start` and `npm test` always run what the sources say.
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const marker = join(root, 'out', 'main', 'cli.js');
if (!existsSync(join(root, 'node_modules', 'electron-vite'))) process.exit(0); // production install without dev deps

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const sources = ['src-main', 'src-renderer', 'src-shared', 'resources'].map((d) => join(root, d)).filter(existsSync);
const srcTime = Math.max(...sources.map(newest), statSync(join(root, 'electron.vite.config.ts')).mtimeMs);
// The package's type declarations (out/types, `npm run build`'s second half) belong to the build too:
// `npm pack` and the packed-package test need them.
const types = join(root, 'out', 'types', 'src-main', 'api', 'index.d.ts');
const fresh = (file) => existsSync(file) && statSync(file).mtimeMs >= srcTime;
if (fresh(marker) && fresh(types)) process.exit(0);
process.stderr.write('Building the simulator (electron-vite build)…\n');
const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const t = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.api.json'], { cwd: root, stdio: 'inherit' });
process.exit(t.status ?? 1);
