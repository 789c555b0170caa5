// Headless Chromium driven by playwright-core: CHROMIUM_PATH, an installed Chrome/Chromium, or the build that
// comes from the npm registry with the dev dependencies (test-browser.ts) — never a downloaded browser.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CLI } from '../cli/run';
import { resolveTestBrowser } from './test-browser';

/**
 * The browser tests fail, never skip, when their prerequisites are missing: a skipped suite reads as a
 * pass. Called at the top of each browser test file, so the whole file fails with this one line.
 */
export function requireBrowserAndBuild(): void {
  if (!existsSync(CLI)) throw new Error(`The browser tests cannot run without the build (${CLI}): run \`npm run build\`.`);
}

export async function launch(): Promise<Browser> {
  const browser = await resolveTestBrowser();
  try {
    return await chromium.launch({
      executablePath: browser.executablePath,
      env: { ...process.env, ...browser.env } as Record<string, string>,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  } catch (e) {
    throw new Error(`The test browser (${browser.source}) did not start: ${(e as Error).message.split('\n')[0]}`);
  }
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

/**
 * Where the browser tests put their screenshots: an ignored folder, so `npm test` leaves `git status` clean.
 * `npm run screenshots` points this at docs/screenshots to refresh the README's pictures on purpose.
 */
export function screenshotDir(): string {
  return resolve(process.env.VET_SIM_SCREENSHOT_DIR ?? join(__dirname, '..', '..', 'test-results', 'screenshots'));
}

/** axe-core's violations on the page as it stands (impact and rule id, with how many nodes each). */
export async function axeViolations(page: Page, impacts: string[] = ['critical', 'serious']) {
  const { createRequire } = await import('node:module');
  const { readFileSync } = await import('node:fs');
  const source = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe;
    return (await axe.run(document)).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return result.filter((v) => impacts.includes(v.impact));
}
