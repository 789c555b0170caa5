// Issue 37: an unreachable server greys the UI behind one clear banner (role=alert), and nothing in it can be
// clicked while it lasts; the banner goes by itself once the server answers again on the same address.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, requireBrowserAndBuild, screenshotDir } from './browser';
import { run, type Running } from '../cli/run';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

let browser: Browser;
let page: Page;
let server: Running & { ready: Promise<string> };
let port: number;

const start = async () => {
  server = run(['--port', String(port), '--in-memory']);
  return server.ready;
};
const stop = async () => {
  server.child.kill('SIGTERM');
  await server.exited;
};

describe('an unreachable server', () => {
  beforeAll(async () => {
    requireBrowserAndBuild();
    port = await freePort();
    const url = await start();
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(`${url}/__sim/`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) await stop();
  });

  it('greys the UI behind one alert, every control inert, until the server answers again', async () => {
    expect(await page.getByRole('alert').count()).toBe(0);
    await stop();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.textContent()).toContain('The simulator is not answering.');
    // Inert: the tabs take no click, the keyboard cannot reach them, and the page is greyed.
    // The banner is drawn first; the app is made inert (and greyed) by the effect that runs after that render.
    await expect.poll(() => page.evaluate(() => (document.querySelector('.app') as HTMLElement).inert)).toBe(true);
    await page.getByRole('tab', { name: 'Settings', exact: true }).click({ force: true });
    expect(await page.evaluate(() => location.hash)).not.toBe('#settings');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.app'))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.app')!).filter)).toContain('grayscale');
    mkdirSync(screenshotDir(), { recursive: true });
    await page.screenshot({ path: join(screenshotDir(), 'server-unreachable.png') });

    await start();
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.querySelector('.app') as HTMLElement).inert)).toBe(false);
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    expect(await page.evaluate(() => location.hash)).toBe('#settings');
  }, 60_000);
});
