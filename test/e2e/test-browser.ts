// Which Chromium the browser tests drive, so that `npm install && npm test` passes on a fresh machine with no
// browser and none of its libraries installed (behaviour §19). Order of choice:
//   1. CHROMIUM_PATH, when set (it must exist: a typo fails loudly instead of falling through);
//   2. a Chrome or Chromium installed on the machine (a developer's laptop on macOS, Windows or Linux);
//   3. on Linux x64, the build the npm registry ships in the dev dependency @sparticuz/chromium, with the
//      libraries it needs (libnss3, libnspr4, …) and its fonts, unpacked once into node_modules/.cache.
// Never a browser downloaded by a test tool (`npx playwright install` cannot work where the project is built).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';

export interface TestBrowser {
  executablePath: string;
  /** Extra environment for the browser process (the packaged build's libraries and fonts). */
  env: Record<string, string>;
  /** Where it came from, for the one line a failing launch prints. */
  source: string;
}

const ROOT = resolve(__dirname, '..', '..');

const INSTALLED: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/snap/bin/chromium'],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    join(process.env.PROGRAMFILES ?? 'C:\\Program Files', 'Google\\Chrome\\Application\\chrome.exe'),
    join(process.env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', 'Google\\Chrome\\Application\\chrome.exe'),
    join(process.env.LOCALAPPDATA ?? '', 'Google\\Chrome\\Application\\chrome.exe'),
  ],
};

export async function resolveTestBrowser(): Promise<TestBrowser> {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!existsSync(given)) throw new Error(`CHROMIUM_PATH is ${given}, and there is no file there. Unset it to use the browser that comes with the dev dependencies.`);
    return { executablePath: given, env: {}, source: 'CHROMIUM_PATH' };
  }
  const installed = (INSTALLED[process.platform] ?? []).find((p) => existsSync(p));
  if (installed) return { executablePath: installed, env: {}, source: `installed at ${installed}` };
  if (process.platform === 'linux' && process.arch === 'x64') return packagedChromium();
  throw new Error(
    `No Chrome or Chromium found for the browser tests on ${process.platform}-${process.arch}: install Google Chrome, or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

/**
 * Unpacks @sparticuz/chromium's brotli archives into a folder named by its version. The package unpacks into
 * os.tmpdir(), so TMPDIR points at a staging folder for the call, renamed into place only when complete: a run
 * killed mid-unpack never leaves a half-written browser that later runs would trust.
 */
async function packagedChromium(): Promise<TestBrowser> {
  const require = createRequire(__filename);
  let pkgJson: string;
  try {
    // Its `exports` do not list package.json: find its own above the entry point (build/esm has one too).
    let dir = dirname(require.resolve('@sparticuz/chromium'));
    const own = () => existsSync(join(dir, 'package.json')) && JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === '@sparticuz/chromium';
    while (!own() && dirname(dir) !== dir) dir = dirname(dir);
    pkgJson = join(dir, 'package.json');
  } catch {
    throw new Error('The browser tests need the dev dependency @sparticuz/chromium (or a Chrome/Chromium on the machine): run `npm install`.');
  }
  const version = JSON.parse(readFileSync(pkgJson, 'utf8')).version as string;
  const dir = join(ROOT, 'node_modules', '.cache', `vet-sim-chromium-${version}`);
  const executablePath = join(dir, 'chromium');
  if (!existsSync(executablePath)) await unpack(dir);
  return {
    executablePath,
    env: {
      LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      // Our own fonts.conf: the packaged one names /tmp/fonts, which is not where the fonts are once TMPDIR
      // moves (the test set-up moves it), and Chromium without any font crashes on a fresh machine.
      FONTCONFIG_PATH: join(dir, 'fontconfig'),
      FONTCONFIG_FILE: join(dir, 'fontconfig', 'fonts.conf'),
    },
    source: `@sparticuz/chromium ${version} (${dir})`,
  };
}

async function unpack(dir: string): Promise<void> {
  const staging = `${dir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const saved = { TMPDIR: process.env.TMPDIR, AWS_LAMBDA_JS_RUNTIME: process.env.AWS_LAMBDA_JS_RUNTIME };
  // Imported before the variable below is set: at import time it would also rewrite this process's
  // LD_LIBRARY_PATH, HOME and FONTCONFIG_PATH, which the test's own child processes inherit.
  const { default: chromium } = await import('@sparticuz/chromium');
  try {
    process.env.TMPDIR = staging;
    // Read by the package when it unpacks: on Linux it then also unpacks the libraries a bare machine lacks.
    process.env.AWS_LAMBDA_JS_RUNTIME = 'nodejs22.x';
    await chromium.executablePath();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  mkdirSync(join(staging, 'fontconfig'), { recursive: true });
  writeFileSync(
    join(staging, 'fontconfig', 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(dir, 'fonts', 'fonts')}</dir>\n  <cachedir>${join(dir, 'fontconfig', 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  try {
    renameSync(staging, dir);
  } catch (e) {
    // Another run finished the same unpack first: theirs is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, 'chromium'))) throw e;
  }
}
