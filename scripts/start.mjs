// `npm start`: the desktop app. When the Electron runtime is missing it is fetched first with
// Electron's own installer (bounded in time); the headless server runs instead only when there is
// no display, the fetch fails or is disabled, or `--headless` is given — with one line saying which
// (behaviour §1). No display is checked first: a runtime that cannot open a window is not worth fetching.
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { electronPackageDir, ensureRuntime, RETRY_HINT } from './electron-runtime.mjs';
import { serveNodeFlags } from './serve-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const given = process.argv.slice(2);
const args = given.filter((a) => a !== '--headless');

function hasDisplay() {
  if (!['linux', 'freebsd', 'openbsd'].includes(process.platform)) return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

async function desktopOrReason() {
  if (args.length !== given.length) return { reason: 'started with --headless' };
  if (process.env.VET_SIM_HEADLESS) return { reason: 'VET_SIM_HEADLESS is set' };
  if (!hasDisplay()) return { reason: 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set); start it from a desktop session for the window' };
  const pkgDir = electronPackageDir(root);
  if (!pkgDir) return { reason: 'the electron package is not installed (run `npm install` with dev dependencies)' };
  return { ...(await ensureRuntime(pkgDir)), pkgDir };
}

// The child gets the signals a terminal or a process manager sends us, and its exit status is ours.
function follow(child) {
  const forward = (sig) => child.kill(sig);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  child.on('exit', (code, signal) => process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 0)));
  return () => ['SIGINT', 'SIGTERM', 'SIGHUP'].forEach((sig) => process.off(sig, forward));
}

function headless(reason) {
  // The same node flags as `npm run serve`, so both runs are tuned alike.
  follow(
    spawn(process.execPath, [...serveNodeFlags(root), join(root, 'out', 'main', 'cli.js'), ...args], {
      stdio: 'inherit',
      env: {
        ...process.env,
        VET_SIM_INTRO: `Desktop app unavailable: ${reason}; running headless instead — open the UI address below in your browser.`,
        // npm does not pass a SIGTERM on to us (it kills only its `sh -c` wrapper): the server watches
        // the process above this one instead, and stops cleanly when npm is gone; we then exit with it.
        VET_SIM_LAUNCHED_UNDER: String(process.ppid),
      },
    }),
  );
}

const found = await desktopOrReason();
if (found.bin) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // set, it would make the runtime a plain Node.js
  const child = spawn(found.bin, [root, ...args], { stdio: 'inherit', env });
  const unfollow = follow(child);
  // A runtime that cannot be executed at all (damaged download, no exec permission) is a reason too.
  child.on('error', (e) => {
    unfollow();
    const fix = process.env.ELECTRON_OVERRIDE_DIST_PATH ? '' : `; delete ${join(found.pkgDir, 'dist')} and ${RETRY_HINT}`;
    headless(`the Electron runtime at ${found.bin} could not be started (${e.code ?? e.message})${fix}`);
  });
} else {
  headless(found.reason);
}
