// Where the Electron runtime is, and fetching it with Electron's own installer when it is missing.
// Electron 45 downloads its binary lazily: `require('electron')` runs the package's install.js
// (also the `install-electron` bin) and that writes path.txt next to dist/. We run the same
// install.js as a child process so that a fetch can be bounded in time and killed, which an
// in-process `require('electron')` (a spawnSync without a timeout) cannot be.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';

export const RETRY_HINT = 'retry with `npx install-electron`, then `npm start`';
export const DEFAULT_FETCH_SECONDS = 60;

// The electron package directory. VET_SIM_ELECTRON_PACKAGE points at another directory laid out
// like node_modules/electron (package.json, install.js, path.txt, dist/): the tests use it for
// installers that succeed, fail or hang without touching the real package.
export function electronPackageDir(root) {
  if (process.env.VET_SIM_ELECTRON_PACKAGE) return process.env.VET_SIM_ELECTRON_PACKAGE;
  try {
    return dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined; // a production install (--omit=dev) has no electron package
  }
}

// The executable, resolved as the package's own index.js does (including ELECTRON_OVERRIDE_DIST_PATH),
// with whether it exists. Reading path.txt never triggers a download, unlike require('electron').
export function locateRuntime(pkgDir) {
  const pathFile = join(pkgDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const bin = join(override, relative || 'electron');
    return { bin, present: existsSync(bin), override: true };
  }
  const bin = relative ? join(pkgDir, 'dist', relative) : undefined;
  return { bin, present: bin !== undefined && existsSync(bin), override: false };
}

// The fetch bound in seconds: VET_SIM_ELECTRON_FETCH_SECONDS when it is a positive number
// (tests use a short one for the installer that hangs), else 60.
export function fetchSeconds() {
  const n = Number(process.env.VET_SIM_ELECTRON_FETCH_SECONDS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_FETCH_SECONDS;
}

// Runs the package's install.js, killed after `seconds`. Resolves to
// { ok: true } | { ok: false, timedOut: true } | { ok: false, error: '<first line the installer printed>' }.
// The installer's stderr is captured rather than shown: on failure it prints a stack trace, and a
// user needs one line. Its stdout (progress notes, if any) goes to our stderr, so that stdout keeps
// only the simulator's own lines.
export function fetchRuntime(pkgDir, seconds = fetchSeconds()) {
  return new Promise((resolve) => {
    const installer = join(pkgDir, 'install.js');
    if (!existsSync(installer)) {
      resolve({ ok: false, error: `${installer} is missing` });
      return;
    }
    const child = spawn(process.execPath, [installer], { cwd: pkgDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let errText = '';
    let timedOut = false;
    child.stdout.on('data', (d) => process.stderr.write(d));
    child.stderr.on('data', (d) => (errText += d));
    // Resolved at once on time-out: a killed installer's pipes may stay open in a grandchild.
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
      resolve({ ok: false, timedOut: true });
    }, seconds * 1000);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ ok: false, error: e.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return;
      if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, error: firstLine(errText) || `the installer exited with code ${code}` });
    });
  });
}

function firstLine(text) {
  return text.split('\n').map((l) => l.trim()).find((l) => l && !l.startsWith('at ')) ?? '';
}

// Fetches when missing and says why not when that fails, in words for one line of output.
// Resolves to { bin } or { reason }.
export async function ensureRuntime(pkgDir, seconds = fetchSeconds()) {
  const found = locateRuntime(pkgDir);
  if (found.present) return { bin: found.bin };
  if (found.override) return { reason: `ELECTRON_OVERRIDE_DIST_PATH has no Electron binary at ${found.bin}` };
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return { reason: 'the Electron runtime is not downloaded and ELECTRON_SKIP_BINARY_DOWNLOAD is set; unset it and ' + RETRY_HINT };
  }
  process.stderr.write(`Fetching the Electron runtime (first start only, up to ${seconds} s)…\n`);
  const started = Date.now();
  const r = await fetchRuntime(pkgDir, seconds);
  if (r.timedOut) return { reason: `fetching the Electron runtime did not finish within ${seconds} s; ${RETRY_HINT} (no time limit there)` };
  if (!r.ok) return { reason: `the Electron runtime could not be fetched (${r.error}); ${RETRY_HINT}` };
  const after = locateRuntime(pkgDir);
  if (!after.present) return { reason: `the Electron installer finished but left no runtime at ${after.bin ?? join(pkgDir, 'dist')}; ${RETRY_HINT}` };
  process.stderr.write(`Electron runtime fetched in ${Math.round((Date.now() - started) / 1000)} s.\n`);
  return { bin: after.bin };
}
