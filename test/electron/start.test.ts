// `npm start` (scripts/start.mjs) against fake layouts of the electron package: a missing runtime is
// fetched with the package's own installer and the window launched; the headless server runs only
// without a display, when the fetch fails, hangs past its bound or is disabled, or with --headless,
// and its first line names which.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLI, SERVE_NODE_FLAGS } from '../cli/run';
import { cleanEnv, fakeElectronPackage, startScript, stopAll, writeStandIn, ROOT } from './fake-electron';

const APP_ARGS = ['--port', '0', '--in-memory'];
const HEADLESS_TAIL = '; running headless instead — open the UI address below in your browser.';
const RETRY = 'retry with `npx install-electron`, then `npm start`';

/** The command lines of a process's children (Linux: read from /proc). */
function childCommandLines(parent: number): string[][] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) return [];
        return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)];
      } catch {
        return []; // gone meanwhile
      }
    });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Starts `npm start`'s script, waits for the headless ready line, stops it; returns its output.
async function headless(args: string[], env: NodeJS.ProcessEnv) {
  const s = startScript('start.mjs', args, env);
  const [, url] = await s.until(/ready at (http:\/\/127\.0\.0\.1:\d+)/);
  // One answered request first: the server installs its SIGTERM handler just after printing the
  // ready line (src-main/cli/serve.ts), and a signal in between would end it abruptly.
  expect((await fetch(`${url}/__sim/v1/health`)).status).toBe(200);
  // The server runs with `npm run serve`'s node flags, so the fallback is tuned as the serve script is.
  if (existsSync('/proc/self/cmdline')) expect(childCommandLines(s.child.pid!).find((c) => c.includes(CLI))).toEqual(expect.arrayContaining(SERVE_NODE_FLAGS));
  s.child.kill('SIGTERM');
  expect(await s.exited, `stdout: ${s.stdout()}\nstderr: ${s.stderr()}`).toBe(0);
  const lines = s.stdout().trim().split('\n');
  expect(lines[1]).toMatch(/^Vet consult simulator ready at http:\/\/127\.0\.0\.1:\d+ — UI http:\/\/127\.0\.0\.1:\d+\/__sim\//);
  expect(`${s.stdout()}${s.stderr()}`).not.toMatch(/^\s+at /m); // never a stack trace
  return { intro: lines[0], stderr: s.stderr() };
}

afterEach(stopAll);

describe('npm start', () => {
  it('fetches a missing runtime with the package installer, then launches it with the app arguments', async () => {
    const pkg = fakeElectronPackage('succeeds');
    const s = startScript('start.mjs', APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir }));
    const [, launched] = await s.until(/STAND-IN ARGS (.*)\n/);
    const argv = JSON.parse(launched) as string[];
    expect(resolve(argv[0])).toBe(resolve(ROOT));
    expect(argv.slice(1)).toEqual(APP_ARGS);
    expect(pkg.fetchAttempted()).toBe(true);
    expect(s.stderr()).toContain('Fetching the Electron runtime (first start only, up to 60 s)…\n');
    expect(s.stderr()).toMatch(/Electron runtime fetched in \d+ s\.\n/);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.stdout()).toContain('STAND-IN GOT SIGTERM\n');
  });

  it.each(['SIGINT', 'SIGHUP'] as const)('passes %s through to the desktop app and exits with its status', async (sig) => {
    const pkg = fakeElectronPackage('fails', { installed: true });
    const s = startScript('start.mjs', APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir }));
    await s.until(/STAND-IN ARGS/);
    s.child.kill(sig);
    expect(await s.exited).toBe(0);
    expect(s.stdout()).toContain(`STAND-IN GOT ${sig}\n`);
    expect(pkg.fetchAttempted()).toBe(false); // already there: nothing fetched
  });

  it('a failed fetch says so in one line, with how to retry, and runs the headless server', async () => {
    const pkg = fakeElectronPackage('fails');
    const { intro, stderr } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir }));
    expect(intro).toBe(`Desktop app unavailable: the Electron runtime could not be fetched (TypeError: fetch failed); ${RETRY}${HEADLESS_TAIL}`);
    expect(pkg.fetchAttempted()).toBe(true);
    expect(stderr).toContain('Fetching the Electron runtime (first start only, up to 60 s)…\n');
  });

  it('a fetch that hangs past the bound is killed, said in one line, and the headless server runs', async () => {
    const pkg = fakeElectronPackage('hangs');
    const { intro } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, VET_SIM_ELECTRON_FETCH_SECONDS: '1' }));
    expect(intro).toBe(`Desktop app unavailable: fetching the Electron runtime did not finish within 1 s; ${RETRY} (no time limit there)${HEADLESS_TAIL}`);
    await vi.waitFor(() => expect(alive(pkg.installerPid())).toBe(false));
  });

  it('without a display it runs headless, says so, and fetches nothing', async () => {
    const pkg = fakeElectronPackage('succeeds');
    const { intro, stderr } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, DISPLAY: undefined }));
    expect(intro).toBe(
      `Desktop app unavailable: there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set); start it from a desktop session for the window${HEADLESS_TAIL}`,
    );
    expect(pkg.fetchAttempted()).toBe(false);
    expect(stderr).not.toContain('Fetching');
  });

  it('--headless runs the headless server without any fetch attempt', async () => {
    const pkg = fakeElectronPackage('succeeds');
    const { intro } = await headless(['--headless', ...APP_ARGS], cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir }));
    expect(intro).toBe(`Desktop app unavailable: started with --headless${HEADLESS_TAIL}`);
    expect(pkg.fetchAttempted()).toBe(false);
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD: no fetch; the line says so and how to get the window', async () => {
    const pkg = fakeElectronPackage('succeeds');
    const { intro } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }));
    expect(intro).toBe(`Desktop app unavailable: the Electron runtime is not downloaded and ELECTRON_SKIP_BINARY_DOWNLOAD is set; unset it and ${RETRY}${HEADLESS_TAIL}`);
    expect(pkg.fetchAttempted()).toBe(false);
  });

  it('a runtime that cannot be executed: headless, naming it and how to reinstall it', async () => {
    const pkg = fakeElectronPackage('fails', { installed: true });
    chmodSync(join(pkg.dir, 'dist', 'electron'), 0o644);
    const { intro } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir }));
    expect(intro).toBe(
      `Desktop app unavailable: the Electron runtime at ${join(pkg.dir, 'dist', 'electron')} could not be started (EACCES); delete ${join(pkg.dir, 'dist')} and ${RETRY}${HEADLESS_TAIL}`,
    );
  });

  it('ELECTRON_OVERRIDE_DIST_PATH: the runtime there is launched and nothing is fetched', async () => {
    const pkg = fakeElectronPackage('fails');
    const dist = mkdtempSync(join(tmpdir(), 'vet-electron-dist-'));
    writeStandIn(dist);
    const s = startScript('start.mjs', APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, ELECTRON_OVERRIDE_DIST_PATH: dist }));
    await s.until(/STAND-IN ARGS/);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(pkg.fetchAttempted()).toBe(false);
  });

  it('ELECTRON_OVERRIDE_DIST_PATH without a binary: headless, naming the path', async () => {
    const pkg = fakeElectronPackage('succeeds');
    const dist = mkdtempSync(join(tmpdir(), 'vet-electron-dist-'));
    const { intro } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, ELECTRON_OVERRIDE_DIST_PATH: dist }));
    expect(intro).toBe(`Desktop app unavailable: ELECTRON_OVERRIDE_DIST_PATH has no Electron binary at ${join(dist, 'electron')}${HEADLESS_TAIL}`);
    expect(pkg.fetchAttempted()).toBe(false);
  });

  it('finds the project\'s own electron package (no fetch: the override points at an empty folder)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'vet-electron-dist-'));
    const { intro } = await headless(APP_ARGS, cleanEnv({ VET_SIM_ELECTRON_PACKAGE: undefined, ELECTRON_OVERRIDE_DIST_PATH: dist }));
    expect(intro).toBe(`Desktop app unavailable: ELECTRON_OVERRIDE_DIST_PATH has no Electron binary at ${join(dist, 'electron')}${HEADLESS_TAIL}`);
  });
});

describe('npm install (postinstall prefetch)', () => {
  it('fetches the runtime when it is missing', async () => {
    const pkg = fakeElectronPackage('succeeds');
    const s = startScript('prefetch-electron.mjs', [], cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir }));
    expect(await s.exited).toBe(0);
    expect(pkg.fetchAttempted()).toBe(true);
    expect(s.stderr()).toMatch(/Electron runtime fetched\.\n$/);
  });

  it('a failed or hanging fetch never fails the install, and says npm start will try again', async () => {
    for (const [kind, why] of [['fails', 'TypeError: fetch failed'], ['hangs', 'not finished within 1 s']] as const) {
      const pkg = fakeElectronPackage(kind);
      const s = startScript('prefetch-electron.mjs', [], cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, VET_SIM_ELECTRON_FETCH_SECONDS: '1' }));
      expect(await s.exited).toBe(0);
      expect(s.stderr().trim().split('\n').at(-1)).toBe(`Electron runtime not fetched (${why}); npm start will try again, or ${RETRY}.`);
    }
  });

  it.each([['CI', 'true'], ['ELECTRON_SKIP_BINARY_DOWNLOAD', '1'], ['VET_SIM_SKIP_ELECTRON_FETCH', '1']])('with %s set it fetches nothing', async (name, value) => {
    const pkg = fakeElectronPackage('succeeds');
    const s = startScript('prefetch-electron.mjs', [], cleanEnv({ VET_SIM_ELECTRON_PACKAGE: pkg.dir, [name]: value }));
    expect(await s.exited).toBe(0);
    expect(pkg.fetchAttempted()).toBe(false);
    expect(s.stderr()).toBe('');
  });
});
