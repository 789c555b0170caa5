// The package as a partner installs it: `npm pack`, then `npx ./<tarball> serve`; the server leaves
// with the npm process that started it, even when that process is killed hard. Its types compile in a
// partner's TypeScript project under both module resolutions a partner may use.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, tempDir, requireBuild } from './run';

const root = join(__dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const refused = (url: string) => fetch(url).then(() => undefined, () => true);

describe('the packed package', () => {
  let tarball: string;
  let packDir: string;
  beforeAll(() => {
    requireBuild();
    const dir = (packDir = tempDir());
    // --ignore-scripts: the build is fresh already (npm test builds first); prepack would rebuild it.
    const name = execFileSync(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir, root], { encoding: 'utf8' }).trim().split('\n').pop()!;
    tarball = join(dir, name);
  }, 120_000);

  it('serves through `npx ./<tarball> serve --port 0`, and stops when npx is killed with SIGKILL', async () => {
    // Word for word what the README says: `npx ./<tarball> serve --port 0` (npx takes a ./ path as a package).
    const child = spawn(npx, ['--yes', `./${basename(tarball)}`, 'serve', '--port', '0', '--in-memory'], {
      cwd: packDir, env: { ...process.env, CI: 'true', npm_config_update_notifier: 'false' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d));
    child.stderr!.on('data', (d: Buffer) => (out += d));
    const url = await waitFor(() => /ready at (http:\/\/\S+)/.exec(out)?.[1], `the ready line (output so far: ${out})`);
    const res = await fetch(`${url}/api/v2/demo/media-url`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.media_url).toBe(`${url}/media/demo/`);
    child.kill('SIGKILL');
    expect(await waitFor(() => refused(`${url}/__sim/v1/health`), 'the server to stop after npx was killed', 10_000)).toBe(true);
  }, 150_000);

  describe('in a partner\'s strict TypeScript project, with vitest', () => {
    let project: string;
    beforeAll(() => {
      // The example of docs/programmatic-api.md (linked from the README), extracted here so that what is checked is what partners copy.
      const example = /# The programmatic API[\s\S]*?```ts\n([\s\S]*?)```/.exec(readFileSync(join(root, 'docs', 'programmatic-api.md'), 'utf8'))?.[1];
      expect(example).toContain("from 'vet-consult-simulator'");
      const dir = (project = tempDir());
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'partner-tests', private: true, type: 'module' }));
      // The tarball as `npm install -D ./<tarball>` installs it (its dependencies from the npm cache when
      // there). --ignore-scripts: only the shipped files matter to tsc, not the Electron prefetch.
      execFileSync(npm, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock', tarball], {
        cwd: dir, env: { ...process.env, npm_config_update_notifier: 'false' }, stdio: 'pipe',
      });
      // vitest's own types, from this repository (linked after the install: npm prunes what package.json does not list).
      symlinkSync(join(root, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'), 'junction');
      mkdirSync(join(dir, 'test'));
      writeFileSync(join(dir, 'test', 'simulator.test.ts'), example!);
    }, 120_000);

    it.each([
      ['nodenext', 'nodenext'],
      ['esnext', 'bundler'],
    ])('type-checks the README\'s example under strict, module %s, moduleResolution %s', (module, moduleResolution) => {
      // No skipLibCheck: an import the package's .d.ts cannot resolve is reported where it is, not only as missing members.
      const config = join(project, `tsconfig.${moduleResolution}.json`);
      writeFileSync(config, JSON.stringify({
        compilerOptions: { module, moduleResolution, target: 'es2022', strict: true, noEmit: true, lib: ['es2023', 'dom'], types: [] },
        include: ['test'],
      }));
      let out = '';
      try {
        execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { cwd: project, encoding: 'utf8' });
      } catch (err) {
        out = String((err as { stdout?: string }).stdout || err);
      }
      expect(out).toBe('');
    }, 60_000);
  });

  it('declares the bin, the typed programmatic API, and ships what they need', () => {
    const list = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' });
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    for (const file of [pkg.bin['vet-consult-sim'], pkg.exports['.'].import, pkg.exports['.'].types, 'out/main/cli.js', 'out/renderer/index.html', 'resources/packages.json'])
      expect(list).toContain(`package/${file.replace(/^\.\//, '')}`);
  });
});
