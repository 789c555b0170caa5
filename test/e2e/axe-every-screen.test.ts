// Issue 37: axe-core finds no violation of any impact (minor and moderate included: heading-order was the last
// kind left) on every screen, in both themes, at 1024×768 and 1440×900: the request log with a request open, the
// state browser with a user's cards open, the vet console with a consultation open, and Settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, type Session } from './browser';
import { fetchJson } from './fetch-json';

const ALL = ['minor', 'moderate', 'serious', 'critical'];
const basic = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const SIZES = [{ width: 1024, height: 768 }, { width: 1440, height: 900 }];
let session: Session;
let url: string;
let page: Page;

const openTab = (name: string) => page.getByRole('tab', { name, exact: true }).click();

/** Both sizes, both themes: the violations found, named by where they were found. */
async function everyWay(screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const v of await axeViolations(page, ALL)) found.push(`${screen} ${size.width} ${colorScheme}: ${v.impact} ${v.id} (${v.nodes})`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

describe('axe-core on every screen, every impact', () => {
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    expect((await fetchJson(`${url}/__sim/v1/demo-data`, 'POST', {}, { 'content-type': 'application/json' })).status).toBe(200);
    await fetchJson(`${url}/api/v2/demo/register-user`, 'POST', { email: 'bad' }, { authorization: basic, 'content-type': 'application/json' });
    await page.goto(`${url}/__sim/`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  });
  afterAll(async () => session?.close());

  it('the request log, a refused request open', async () => {
    await page.getByTestId('log-row').first().click();
    await page.getByTestId('request-detail').locator('.json').first().waitFor();
    expect(await everyWay('request log')).toEqual([]);
    await page.getByRole('tab', { name: 'Headers' }).click();
    expect(await everyWay('request headers')).toEqual([]);
  });

  it("the state browser, a user's cards open", async () => {
    await openTab('State');
    await page.getByTestId('table-users').locator('tr', { hasText: 'tom@example.com' }).click();
    await page.getByTestId('user-detail').waitFor();
    expect(await everyWay('state browser')).toEqual([]);
  });

  it('the vet console, a consultation open', async () => {
    await openTab('Vet console');
    await page.getByTestId('queue-item').first().click();
    await page.getByTestId('consultation-detail').waitFor();
    expect(await everyWay('vet console')).toEqual([]);
  });

  it('Settings', async () => {
    await openTab('Settings');
    await page.getByTestId('settings-data').waitFor();
    expect(await everyWay('settings')).toEqual([]);
  });
});
