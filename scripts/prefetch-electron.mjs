// postinstall, after the build: fetch the Electron runtime now, so that the first `npm start`
// opens the window at once. Best effort and bounded in time (the same bound as `npm start`): it
// never fails `npm install`, and a failure only means that `npm start` tries again.
// Skipped under CI, with ELECTRON_SKIP_BINARY_DOWNLOAD or VET_SIM_SKIP_ELECTRON_FETCH, with
// ELECTRON_OVERRIDE_DIST_PATH (the runtime is elsewhere), and when the electron package is absent.
import { fileURLToPath } from 'node:url';
import { electronPackageDir, fetchRuntime, fetchSeconds, locateRuntime, RETRY_HINT } from './electron-runtime.mjs';

async function prefetch() {
  const env = process.env;
  if (env.CI || env.ELECTRON_SKIP_BINARY_DOWNLOAD || env.VET_SIM_SKIP_ELECTRON_FETCH || env.ELECTRON_OVERRIDE_DIST_PATH) return;
  const pkgDir = electronPackageDir(fileURLToPath(new URL('..', import.meta.url)));
  if (!pkgDir || locateRuntime(pkgDir).present) return;
  const seconds = fetchSeconds();
  process.stderr.write(`Fetching the Electron runtime for the desktop app (up to ${seconds} s; set VET_SIM_SKIP_ELECTRON_FETCH=1 to skip)…\n`);
  const r = await fetchRuntime(pkgDir, seconds);
  if (r.ok && locateRuntime(pkgDir).present) return void process.stderr.write('Electron runtime fetched.\n');
  const why = r.timedOut ? `not finished within ${seconds} s` : r.ok ? 'the installer left no runtime' : r.error;
  process.stderr.write(`Electron runtime not fetched (${why}); npm start will try again, or ${RETRY_HINT}.\n`);
}

prefetch()
  .catch((e) => process.stderr.write(`Electron runtime not fetched (${e.message}); npm start will try again, or ${RETRY_HINT}.\n`))
  .finally(() => process.exit(0));
