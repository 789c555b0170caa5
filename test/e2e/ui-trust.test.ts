// Issue 28, a tester UI to trust and to drive from the keyboard: axe-core finds nothing critical or serious
// on the request log (50+ rows, detail open), the vet console and the state browser, in both themes; the
// log is a grid driven by the keyboard; Copy as cURL replays a refused request as it was sent (its wrong
// password and its body: 401 again); Export HAR holds the rows the filters show; the theme follows
// prefers-color-scheme; at 1024×768 the Status column stays in view beside the detail; an ended chat
// cannot be accepted.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';

const SHOTS = screenshotDir();
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const auth = { authorization: basic('demo', 'demo-secret'), 'content-type': 'application/json' };
let session: Session;
let url: string;
let page: Page;

const call = (method: string, path: string, body?: object, headers: Record<string, string> = auth) => fetchJson(url + path, method, body, headers);
const rows = () => page.getByTestId('log-row');
const detail = () => page.getByTestId('request-detail');
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const openTab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
/** The page's background as relative luminance (0 black … 1 white). */
const background = () =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g)!.map(Number);
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });

describe('a tester UI to trust and to drive from the keyboard', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await call('PATCH', '/__sim/v1/apps/1', { rate_limit_per_minute: 0 }, { 'content-type': 'application/json' });
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    for (let i = 0; i < 50; i++) await call('GET', i % 5 ? '/api/v2/demo/pet/list?email=mira@example.com' : `/api/v2/demo/pet/list?email=nobody${i}@example.com`);
  }, 60_000);
  afterAll(async () => session?.close());

  it('axe-core finds nothing critical or serious on the request log with 50+ rows and the detail open, in both themes', async () => {
    await page.goto(`${url}/__sim/`);
    await expect.poll(() => page.getByTestId('connection').textContent()).toContain('Live');
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('52 requests');
    await rows().nth(3).click();
    await detail().locator('.json').waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await shot(`request-log-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('keyboard only: focus the log, ArrowDown twice, Enter opens the third row, Escape closes it', async () => {
    await page.reload(); // a fresh page: no row chosen yet
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('52 requests');
    expect(await detail().count()).toBe(0);
    const third = (await rows().nth(2).getAttribute('id'))!;
    const thirdPath = await rows().nth(2).locator('.path').textContent();
    await page.getByRole('grid', { name: 'Requests' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('grid', { name: 'Requests' }).getAttribute('aria-activedescendant')).toBe(third);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(`#${third}`).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => detail().locator('.detail-head .path').textContent()).toBe(thirdPath);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail().count()).toBe(0);
    // Focus is still on the log, so the keys go on working.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
  });

  it("a 401 request's Copy as cURL, run with curl, gets 401 again and carries the request's body", async () => {
    const sent = JSON.stringify({ email: 'mira@example.com', name: 'Rex', age: '2 years', sex: 'male' });
    const refused = await fetch(`${url}/api/v2/demo/pet/add`, { method: 'POST', headers: { authorization: basic('demo', 'wrong'), 'content-type': 'application/json' }, body: sent });
    expect(refused.status).toBe(401);
    await rows().filter({ hasText: '/pet/add' }).filter({ hasText: '401' }).first().click();
    await detail().getByText('Payload', { exact: true }).click();
    await expect.poll(() => detail().locator('.json').textContent()).toContain('"Rex"');
    // The clipboard is written asynchronously after the click: polled until it holds the copy.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await detail().getByRole('button', { name: 'Copy as cURL' }).click();
    await expect.poll(clipboard).toContain("-u 'demo:wrong'");
    const curl = await clipboard();
    expect(curl).not.toContain('demo-secret');
    expect(curl).toContain(`--data-raw '${sent}'`);
    const status = execFileSync('bash', ['-c', `${curl} -s -o /dev/null -w '%{http_code}'`], { encoding: 'utf8' });
    expect(status).toBe('401');
    // The replay is in the journal too, with the same body.
    const newest = (await call('GET', '/__sim/v1/requests?limit=1')).body.items[0];
    const replay = (await call('GET', `/__sim/v1/requests/${newest.id}`)).body;
    expect([replay.status, replay.path, replay.request_body]).toEqual([401, '/api/v2/demo/pet/add', sent]);
    await detail().getByRole('button', { name: 'Copy as fetch' }).click();
    await expect.poll(clipboard).toContain(`body: ${JSON.stringify(sent)}`);
  });

  it('Export HAR holds the rows the filters show: 3 of 14', async () => {
    expect((await call('DELETE', '/__sim/v1/requests')).status).toBe(200);
    await expect.poll(() => rows().count()).toBe(0);
    for (let i = 0; i < 11; i++) await call('GET', '/api/v2/demo/media-url');
    for (let i = 0; i < 3; i++) await call('GET', '/api/v2/demo/pet/list?email=mira@example.com');
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('14 requests');
    await page.getByRole('textbox', { name: 'Filter requests' }).fill('pet/list');
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('3 of 14');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export HAR' }).click()]);
    const har = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(har.log.entries.map((e: { request: { url: string } }) => new URL(e.request.url).pathname)).toEqual(Array(3).fill('/api/v2/demo/pet/list'));
    await page.getByRole('textbox', { name: 'Filter requests' }).fill('');
  });

  it('the page is light with prefers-color-scheme: light and dark with dark, and the header switch overrides it', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBeGreaterThan(0.8);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light dark');
    await shot('theme-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBeLessThan(0.05);
    await shot('theme-dark');
    await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('light');
    expect(await background()).toBeGreaterThan(0.8);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');
    await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('system');
    expect(await background()).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('at 1024×768 with the detail open, the Status column of the log is inside the viewport', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await rows().first().click();
    await detail().waitFor();
    const status = (await page.locator('.log-head').getByText('Status', { exact: true }).boundingBox())!;
    const pane = (await detail().boundingBox())!;
    expect(status.x).toBeGreaterThanOrEqual(0);
    expect(status.x + status.width).toBeLessThanOrEqual(Math.min(1024, pane.x));
    const badge = (await rows().first().locator('.status').boundingBox())!;
    expect(badge.x + badge.width).toBeLessThanOrEqual(pane.x);
    await shot('request-log-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("an ended chat offers no Accept or End, only its feedback; the vet console and state browser pass axe-core", async () => {
    const chat = await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 });
    const sid = chat.body.data.channel as string;
    expect((await call('POST', '/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    await openTab('Vet console');
    await page.locator(`[data-testid=queue-item][data-sid="${sid}"]`).click();
    const consult = page.getByTestId('consultation-detail');
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended');
    // Only what the state allows (issue 37): no disabled Accept or End shown for show, the feedback form instead.
    expect(await consult.getByRole('button', { name: 'Accept chat' }).count()).toBe(0);
    expect(await consult.getByRole('button', { name: 'End chat' }).count()).toBe(0);
    expect(await consult.getByRole('button', { name: 'Save feedback' }).count()).toBe(1);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await shot(`vet-console-${colorScheme}`);
    }
    await openTab('State');
    await page.getByRole('tab', { name: 'Consultations' }).click();
    await page.getByTestId('table-consultations').locator('tr', { hasText: sid }).click();
    await page.getByTestId('state-detail').waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await shot(`state-browser-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
