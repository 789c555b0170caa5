// Issue 35 (items 23 and 25b) as a tester sees them. Settings → Data's reset keeps a frozen clock frozen (the
// control API's clock and the header's badge both say so) unless "also back to real time" is ticked, which a
// keyboard alone can do (Tab, Space, Enter); the confirmation says which. The request log and its detail read
// the control API's ISO 8601 times and show them as before (`2026-11-28 04:45:15.406 UTC`, no "T", no "Z", no
// "Invalid Date"), and Copy as cURL / Copy as fetch of that request, run, answer as it did. axe-core finds
// nothing critical or serious on Settings → Data or the request detail, in both themes.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';

const SHOTS = screenshotDir();
const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
const json = { 'content-type': 'application/json' };
interface Clock { now: string; frozen: boolean; is_real_time: boolean; offset_ms: number }
let session: Session;
let url: string;
let page: Page;
/** The confirmations the page asked, in order (each accepted, as a tester clicking OK). */
const asked: string[] = [];

const call = (method: string, path: string, body?: object, headers: Record<string, string> = auth) => fetchJson(url + path, method, body, headers);
const clock = async () => (await call('GET', '/__sim/v1/clock', undefined, {})).body as Clock;
const badge = () => page.getByTestId('sim-clock');
const dataPanel = () => page.getByRole('region', { name: 'Data' });
const detail = () => page.getByTestId('request-detail');
const activeText = () => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('data-testid') ?? ''} ${document.activeElement?.textContent ?? ''}`);
const pressTabUntil = async (done: () => Promise<boolean>, key = 'Tab') => {
  for (let i = 0; i < 300 && !(await done()); i++) await page.keyboard.press(key);
  expect(await done(), `focus never got there by ${key}; it is on ${await activeText()}`).toBe(true);
};
const onCheckbox = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'reset-real-time');
const onResetButton = () => page.evaluate(() => document.activeElement?.textContent === 'Reset everything');

describe('a reset keeps the clock unless asked; the log shows its times as before', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    page.on('dialog', (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.goto(`${url}/__sim/#settings`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  });
  afterAll(async () => session?.close());

  it('reset without the box: a frozen clock stays frozen, in the control API and in the header badge', async () => {
    expect((await call('POST', '/__sim/v1/clock', { advance_seconds: 3 * 86400 }, json)).status).toBe(200);
    expect((await call('POST', '/__sim/v1/clock', { frozen: true }, json)).status).toBe(200);
    const frozen = await clock();
    expect([frozen.frozen, frozen.is_real_time]).toEqual([true, false]);
    await expect.poll(() => badge().textContent()).toContain('(frozen)');
    expect(await badge().textContent()).toContain(frozen.now.replace('T', ' ').slice(0, 19));

    expect(await page.getByTestId('reset-real-time').isChecked()).toBe(false);
    // The box sits beside its words, its own size (a bare label is a column: it stood above them, stretched wide).
    const box = (await page.getByTestId('reset-real-time').boundingBox())!;
    const words = await page.getByTestId('reset-real-time').evaluate((input) => {
      const range = document.createRange();
      range.selectNodeContents(input.parentElement!);
      range.setStartAfter(input); // the words alone, after the box
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    expect(box.width).toBeLessThan(30);
    expect(box.x + box.width).toBeLessThanOrEqual(words.x + 8);
    expect(Math.abs(box.y + box.height / 2 - (words.y + words.height / 2))).toBeLessThan(words.height / 2);
    await dataPanel().getByRole('button', { name: 'Reset everything' }).click();
    await page.getByText('Simulator reset.', { exact: true }).waitFor();
    expect(asked.at(-1)).toContain('The clock stays as it is.');
    const after = await clock();
    expect([after.frozen, after.is_real_time, after.now]).toEqual([true, false, frozen.now]);
    // The header still says so after the reset's own refresh.
    await page.waitForTimeout(500);
    expect(await badge().textContent()).toContain(`${frozen.now.replace('T', ' ').slice(0, 19)} UTC (frozen)`);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await dataPanel().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `settings-data-reset-${colorScheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('reset with "also back to real time", by keyboard only (Tab, Space, Enter): the clock is on real time', async () => {
    await page.reload();
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
    await badge().waitFor();
    await pressTabUntil(onCheckbox);
    await page.keyboard.press('Space');
    expect(await page.getByTestId('reset-real-time').isChecked()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'settings-data-reset-real-time-focus-light.png') });
    // The action sits before its option: back to it.
    await pressTabUntil(onResetButton, 'Shift+Tab');
    await page.screenshot({ path: join(SHOTS, 'settings-data-reset-button-focus-light.png') });
    await page.keyboard.press('Enter');
    await page.getByText('Simulator reset; the clock is on real time.').waitFor();
    expect(asked.at(-1)).toContain('The clock goes back to real time.');
    const after = await clock();
    expect([after.frozen, after.is_real_time, after.offset_ms]).toEqual([false, true, 0]);
    await expect.poll(() => badge().count()).toBe(0);
    expect(await page.getByTestId('clock-now').textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  });

  it("the request detail shows the request's own time as before, and its copies answer as it did", async () => {
    // A simulated, frozen clock makes the request's time one the page could not make up from "now".
    await call('POST', '/__sim/v1/clock', { advance_seconds: 40 * 86400 }, json);
    await call('POST', '/__sim/v1/clock', { frozen: true }, json);
    const registered = await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    expect(registered.status).toBeLessThan(300);
    const logged = (await call('GET', '/__sim/v1/requests?limit=1', undefined, {})).body.items[0] as { id: number; time: string; status: number };
    expect(logged.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(logged.time).toBe((await clock()).now);
    const shown = `${logged.time.slice(0, 10)} ${logged.time.slice(11, 23)}`;

    await page.goto(`${url}/__sim/#requests/${logged.id}`);
    await detail().waitFor();
    await detail().getByRole('tab', { name: 'Headers' }).click();
    // The first list: endpoint, app, time, duration, query.
    const time = detail().locator('dl.kv').first().locator('div', { has: page.locator('dt', { hasText: /^Time$/ }) }).locator('dd');
    await expect.poll(() => time.textContent({ timeout: 5_000 })).toBe(`${shown} UTC (simulator clock)`);
    // The log's list is read apart from the detail, and may come after it.
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('1 request'); // not "1 requests"
    const row = page.locator(`#log-row-${logged.id}`);
    expect((await row.textContent())!.replace(/\s+/g, ' ')).toContain(shown);
    for (const text of [await detail().textContent(), await page.getByRole('grid', { name: 'Requests' }).textContent()]) {
      expect(text).not.toMatch(/Invalid Date|NaN|\d{4}-\d\d-\d\dT\d\d|\d\d:\d\d:\d\d(\.\d+)?Z/);
    }

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `request-detail-time-${colorScheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The same user again: the simulator's answer to a second registration, whatever it is, is the one to get back.
    const again = await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    // The clipboard is written asynchronously after the click: polled until it holds the copy.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await detail().getByRole('button', { name: 'Copy as cURL' }).click();
    await expect.poll(clipboard).toMatch(/^curl /);
    const curl = await clipboard();
    const status = execFileSync('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`], { encoding: 'utf8' });
    expect(Number(status)).toBe(again.status);
    await detail().getByRole('button', { name: 'Copy as fetch' }).click();
    await expect.poll(clipboard).toMatch(/^await fetch\(/m); // for the DevTools console, whose top level awaits
    const fetchText = await clipboard();
    const replayed = await page.evaluate((code) => (new Function(code.replace('await fetch(', 'return fetch(')) as () => Promise<Response>)().then((r) => r.status), fetchText);
    expect(replayed).toBe(again.status);
  });
});
