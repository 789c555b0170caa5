// Headless Debian Chromium driven by playwright-core (never a downloaded browser).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CLI } from '../cli/run';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests fail, never skip, when their prerequisites are missing: a skipped suite reads as a
 * pass. Called at the top of each browser test file, so the whole file fails with this one line.
 */
export function requireBrowserAndBuild(): void {
  const missing: string[] = [];
  if (!existsSync(CLI)) missing.push(`the build (${CLI}): run \`npm run build\``);
  if (!existsSync(CHROMIUM))
    missing.push(`Chromium at ${CHROMIUM}: install it (Debian/Ubuntu: \`sudo apt-get install chromium\`) or set CHROMIUM_PATH to a Chromium or Chrome binary`);
  if (missing.length) throw new Error(`The browser tests cannot run without ${missing.join(' and ')}.`);
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * Records, inside the page, long tasks (main-thread blocks over 50 ms) and the input delay of every
 * key press (from the event's creation to its handler), so the figures do not depend on the test process.
 */
export async function trackLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __long: number[]; __inputDelay: number[] };
    w.__long = [];
    w.__inputDelay = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    document.addEventListener('keydown', (e) => w.__inputDelay.push(performance.now() - e.timeStamp), true);
  });
}
export const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __long: number[] }).__long.slice());
export const inputDelays = (page: Page) => page.evaluate(() => (window as unknown as { __inputDelay: number[] }).__inputDelay.slice());
export const resetMeasures = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __long: number[]; __inputDelay: number[] };
    w.__long.length = 0;
    w.__inputDelay.length = 0;
  });

/** `npm run serve` with the given flags plus a headless page at the tester's usual window size. */
export async function openSession(serveArgs: string[]) {
  requireBrowserAndBuild();
  const { run } = await import('../cli/run');
  const server = run(['--port', '0', ...serveArgs]);
  const url = await server.ready;
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  return {
    server, url, browser, page,
    async close() {
      await browser.close();
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}
export type Session = Awaited<ReturnType<typeof openSession>>;
