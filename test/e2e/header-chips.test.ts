// Issue 37, armed rules in sight: a fault rule, a hold, an autopilot rule and a moved clock each show as a chip in
// the header with its count, on one line at 1024 px (the clock's time included); a chip opens its Settings section
// and disables every rule of its kind (the simulator's own lists say they are gone); axe-core finds nothing of any
// impact with the chips shown and one opened, in both themes, at 1024×768 and 1440×900.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';

const SHOTS = screenshotDir();
const ALL = ['minor', 'moderate', 'serious', 'critical'];
const JSON_TYPE = { 'content-type': 'application/json' };
let session: Session;
let url: string;
let page: Page;

const control = (method: string, path: string, body?: object) => fetchJson(`${url}/__sim/v1${path}`, method, body, JSON_TYPE);
const chip = (kind: string) => page.getByTestId(kind === 'clock' ? 'sim-clock' : `armed-${kind}`);

async function armEverything() {
  // Counts of three and four digits in the header, as after a test run (some refused: 4xx counted too).
  await Promise.all(Array.from({ length: 1200 }, (_, i) => fetch(`${url}/api/v2/demo/media-url${i % 4 ? '' : '-nope'}`).then((r) => r.arrayBuffer())));
  expect((await control('PUT', '/faults', { items: [{ endpoint: 'A8', status: 503, message: 'Maintenance' }, { endpoint: 'A1', delay_ms: 200 }] })).status).toBe(200);
  expect((await control('POST', '/holds', { endpoint: 'A8' })).status).toBe(201);
  expect((await control('PUT', '/autopilot', { rules: [{ match: { type: 'chat' }, steps: [{ after: '20s', do: 'accept' }] }] })).status).toBe(200);
  expect((await control('POST', '/clock', { advance_seconds: 14 * 86400 })).status).toBe(200);
  expect((await control('POST', '/clock', { frozen: true })).status).toBe(200);
}

/** Every child of the header sits on one line, inside the window. */
const headerOnOneLine = () =>
  page.evaluate(() => {
    const header = document.querySelector('header.header') as HTMLElement;
    const kids = [...header.children].filter((k) => (k as HTMLElement).offsetParent !== null && getComputedStyle(k).position !== 'absolute') as HTMLElement[];
    const tops = kids.map((k) => Math.round(k.getBoundingClientRect().top + k.getBoundingClientRect().height / 2));
    const right = Math.max(...kids.map((k) => k.getBoundingClientRect().right));
    return { lines: new Set(tops.map((t) => Math.round(t / 8))).size, height: header.getBoundingClientRect().height, fits: right <= window.innerWidth };
  });

describe('armed rules in sight: header chips', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${url}/__sim/`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  });
  afterAll(async () => session?.close());

  it('shows no chip while nothing is armed', async () => {
    expect(await page.locator('.armed-chip').count()).toBe(0);
  });

  it('a chip for each kind of armed rule, with its count, on one header line at 1024 and 1440 px, in both themes, axe-clean', async () => {
    await armEverything();
    await expect.poll(() => chip('faults').textContent()).toBe('Faults 2');
    await expect.poll(() => chip('holds').textContent()).toBe('Holds 1');
    await expect.poll(() => chip('autopilot').textContent()).toBe('Autopilot 1');
    await expect.poll(() => chip('clock').textContent()).toContain('UTC (frozen)');
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
      const line = await headerOnOneLine();
      expect(line, `header at ${width} px`).toEqual({ lines: 1, height: line.height, fits: true });
      expect(line.height).toBeLessThan(48);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await axeViolations(page, ALL), `${width} ${colorScheme}`).toEqual([]);
        await chip('faults').click();
        await page.getByTestId('armed-panel').waitFor();
        expect(await axeViolations(page, ALL), `${width} ${colorScheme}, panel open`).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `header-chips-${width}-${colorScheme}.png`), clip: { x: 0, y: 0, width, height: 200 } });
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('armed-panel').count()).toBe(0);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it("a chip opens its Settings section, by keyboard, its heading in view and focused", async () => {
    await chip('holds').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('armed-panel').waitFor();
    await page.keyboard.press('Tab'); // the panel follows its chip
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open in Settings');
    await page.keyboard.press('Enter');
    const heading = page.locator('#settings-holds h2');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.settings-section')?.id)).toBe('settings-holds');
    const box = (await heading.boundingBox())!;
    const scroller = (await page.getByTestId('settings-scroller').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(scroller.y);
    expect(box.y + box.height).toBeLessThan(scroller.y + scroller.height);
    expect(await page.evaluate(() => location.hash)).toBe('#settings/holds');
  });

  it('"Disable all" disarms every rule of its kind, as the simulator then lists them, and its chip goes', async () => {
    const disable = async (kind: string, button: string) => {
      await chip(kind).click();
      await page.getByTestId('armed-panel').getByRole('button', { name: button }).click();
      await expect.poll(() => chip(kind).count()).toBe(0);
    };
    await disable('faults', 'Disable all fault rules');
    expect((await control('GET', '/faults')).body.items).toEqual([]);
    await disable('holds', 'Remove all holds');
    expect((await control('GET', '/holds')).body.items).toEqual([]);
    await disable('autopilot', 'Clear the autopilot rules');
    expect((await control('GET', '/autopilot')).body.rules).toEqual([]);
    await disable('clock', 'Back to real time');
    expect((await control('GET', '/clock')).body.is_real_time).toBe(true);
    // An A8 is answered again, not by the 503 the fault rule made up, nor held.
    expect(await page.locator('.armed-chip').count()).toBe(0);
  });
});
