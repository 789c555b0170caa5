// Fake layouts of the electron package (node_modules/electron) for `npm start` and the postinstall
// prefetch, handed to scripts/start.mjs through VET_SIM_ELECTRON_PACKAGE. The installer's kinds:
// one that succeeds (writes path.txt and an executable stand-in for the binary), one that fails the
// way Electron's does offline (a stack trace on stderr, exit 1), and one that hangs. Every installer
// first leaves a marker, so a test can tell that no fetch was attempted.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export type InstallerKind = 'succeeds' | 'fails' | 'hangs';

// The stand-in for the Electron binary: reports its arguments, then waits; reports the signal it gets.
const STAND_IN = `#!${process.execPath}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => { process.stdout.write('STAND-IN GOT ' + sig + '\\n'); process.exit(0); });
process.stdout.write('STAND-IN ARGS ' + JSON.stringify(process.argv.slice(2)) + '\\n');
setInterval(() => undefined, 1000);
`;

export function writeStandIn(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const bin = join(dir, 'electron');
  writeFileSync(bin, STAND_IN);
  chmodSync(bin, 0o755);
  return bin;
}

const INSTALLERS: Record<InstallerKind, string> = {
  succeeds: `
const { writeFileSync, mkdirSync, chmodSync } = require('node:fs');
const { join } = require('node:path');
mkdirSync(join(__dirname, 'dist'), { recursive: true });
writeFileSync(join(__dirname, 'dist', 'electron'), ${JSON.stringify(STAND_IN)});
chmodSync(join(__dirname, 'dist', 'electron'), 0o755);
writeFileSync(join(__dirname, 'path.txt'), 'electron');
`,
  fails: `
console.error('TypeError: fetch failed\\n    at node:internal/deps/undici/undici:14976:13\\n    at async FetchDownloader.download (FetchDownloader.js:46:30)');
process.exit(1);
`,
  hangs: `
setInterval(() => undefined, 1000);
`,
};

export interface FakePackage { dir: string; fetchAttempted: () => boolean; installerPid: () => number }

export function fakeElectronPackage(kind: InstallerKind, opts: { installed?: boolean } = {}): FakePackage {
  const dir = mkdtempSync(join(tmpdir(), 'vet-fake-electron-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1', bin: { 'install-electron': 'install.js' } }));
  const marker = join(dir, 'fetch-attempted');
  writeFileSync(join(dir, 'install.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, String(process.pid));\n${INSTALLERS[kind]}`);
  if (opts.installed) {
    writeStandIn(join(dir, 'dist'));
    writeFileSync(join(dir, 'path.txt'), 'electron');
  }
  return { dir, fetchAttempted: () => existsSync(marker), installerPid: () => Number(readFileSync(marker, 'utf8')) };
}

export interface Started { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null>; until: (re: RegExp) => Promise<RegExpExecArray> }

// Environment of a machine with a display and none of the start-up switches set.
export function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: ':99' };
  for (const k of ['VET_SIM_ELECTRON_PACKAGE', 'WAYLAND_DISPLAY', 'VET_SIM_HEADLESS', 'ELECTRON_OVERRIDE_DIST_PATH', 'ELECTRON_SKIP_BINARY_DOWNLOAD', 'VET_SIM_ELECTRON_FETCH_SECONDS', 'VET_SIM_SKIP_ELECTRON_FETCH', 'CI']) delete env[k];
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

const running = new Set<ChildProcess>();

// For afterEach: a test that failed half-way must not leave a server, a stand-in or an installer
// running. Each script runs in its own process group, so that the group goes at once.
export function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  running.clear();
}

// Runs a script of ours with Node; `until` resolves when stdout matches and rejects if it exits first.
export function startScript(script: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  running.add(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => (running.delete(child), resolve(code))));
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const until = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(out);
        if (m) {
          child.stdout!.off('data', check);
          resolve(m);
        }
      };
      child.stdout!.on('data', check);
      check();
      void exited.then((code) => reject(new Error(`exited ${code} before ${re}: ${out} ${err}`)));
    });
  return { child, stdout: () => out, stderr: () => err, exited, until };
}
