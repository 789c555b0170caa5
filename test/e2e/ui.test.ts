// The real UI in headless Chromium against `npm run serve` (the built CLI), as a tester uses it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, screenshotDir, type Session } from './browser';

const SHOTS = screenshotDir();
const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
let session: Session;
let url: string;
let page: Page;

const api = async (method: string, path: string, body?: object) => {
  const r = await fetch(url + path, { method, headers: auth, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, body: await r.json() };
};
const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

describe('tester UI in the browser', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
  }, 60_000);
  afterAll(async () => session?.close());

  it('shows an empty request log that tells a new user what to do', async () => {
    await page.goto(`${url}/__sim/`);
    await expect.poll(() => page.getByTestId('connection').textContent()).toContain('Live');
    await page.getByText('No requests yet').waitFor();
    expect(await page.locator('.snippet code').textContent()).toBe(`curl -s ${url}/api/v2/demo/media-url`);
    await shot('request-log-empty');
  });

  it('a curl-level request appears in the log live and its detail shows masked credentials', async () => {
    await api('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'protect_users', emergency_fund: 300, dev_type: 'ios' });
    await api('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years 2 months', sex: 'female', species: 'dog', breed: 'Beagle' });
    await api('GET', '/api/v2/demo/pet/list?email=nobody@example.com');
    const rows = page.getByTestId('log-row');
    await expect.poll(() => rows.count()).toBe(3);
    await rows.filter({ hasText: '/register-user' }).click();
    const detail = page.getByTestId('request-detail');
    await detail.getByRole('tab', { name: 'Headers' }).click();
    await expect.poll(() => detail.textContent()).toContain('Basic demo:***');
    expect(await detail.textContent()).not.toContain('demo-secret');
    await detail.getByRole('tab', { name: 'Response' }).click();
    await expect.poll(() => detail.textContent()).toContain('User registered successfully.');
    await page.getByRole('button', { name: '4xx', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    // With the detail pane open at 1440 px the toolbar stays one line: the count beside the filter box.
    const box = await page.getByLabel('Filter requests').boundingBox();
    const count = await page.getByTestId('log-count').boundingBox();
    expect(Math.abs(count!.y + count!.height / 2 - (box!.y + box!.height / 2))).toBeLessThan(box!.height / 2);
    await shot('request-log');
    await page.getByRole('button', { name: '4xx', exact: true }).click();
  });

  it('a chat started through A8 is accepted, ended and given feedback in the vet console; A11 returns it', async () => {
    const chat = await api('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 });
    const sid = chat.body.data.channel as string;
    await page.getByRole('tab', { name: 'Vet console' }).click();
    const item = page.locator(`[data-testid=queue-item][data-sid="${sid}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain('Mira Lind');
    await item.click();
    const detail = page.getByTestId('consultation-detail');
    expect(await detail.textContent()).toContain('Biscuit');
    await detail.getByRole('button', { name: 'Accept chat' }).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
    // An active chat cannot be accepted again: the toolbar no longer offers it (issue 37: only what the state allows).
    await expect.poll(() => detail.getByRole('button', { name: 'Accept chat' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'End chat' }).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended');
    await page.getByLabel('Recommendation').selectOption('urgent');
    await page.getByLabel('Reason').fill('Limping: see a vet within 24 hours.');
    await detail.getByRole('button', { name: 'Save feedback' }).click();
    await expect.poll(async () => (await api('POST', '/api/v2/demo/feedback', { type: 'chat', channel_sid: sid })).body.data?.reason).toBe('Limping: see a vet within 24 hours.');
    const fb = await api('POST', '/api/v2/demo/feedback', { type: 'chat', channel_sid: sid });
    expect(fb.body.data).toMatchObject({ type: 'chat', recommendation: 'urgent', vet_first_name: expect.any(String) });
    await expect.poll(() => item.textContent()).toContain('ended'); // the queue moved it to "Recently finished"
    await shot('vet-console');
  });

  it('a call outcome chosen in the console is what the state browser shows', async () => {
    const call = await api('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'video', pet_id: 1 });
    const sid = call.body.data.channel as string;
    const item = page.locator(`[data-testid=queue-item][data-sid="${sid}"]`);
    await item.waitFor();
    await item.click();
    await page.getByTestId('consultation-detail').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('declined');
    await page.getByRole('tab', { name: 'State' }).click();
    await page.getByRole('tab', { name: 'Consultations' }).click();
    const row = page.getByTestId('table-consultations').locator('tr', { hasText: sid });
    await expect.poll(() => row.textContent()).toContain('declined');
    await shot('state-browser');
  });

  it('advancing the clock changes the emergency stats on screen', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByTestId('table-users').locator('tr', { hasText: 'mira@example.com' }).click();
    await expect.poll(() => page.getByTestId('trial-days-left').textContent()).toBe('14');
    expect(await page.getByTestId('can-activate').textContent()).toBe('no');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Days to advance').fill('15');
    await page.getByRole('button', { name: 'Advance' }).click();
    await page.getByTestId('sim-clock').waitFor();
    await shot('settings');
    await page.getByRole('tab', { name: 'State' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByTestId('table-users').locator('tr', { hasText: 'mira@example.com' }).click();
    await expect.poll(() => page.getByTestId('trial-days-left').textContent()).toBe('0');
    expect(await page.getByTestId('can-activate').textContent()).toBe('yes');
    await shot('user-detail');
  });

  it('loads the demo data set from Settings', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Load demo data' }).click();
    await page.getByText('Demo data set loaded.').waitFor();
    await page.getByRole('tab', { name: 'Vet console' }).click();
    await expect.poll(() => page.getByTestId('queue-item').count()).toBeGreaterThan(5);
    await page.getByTestId('queue-item').first().click();
    await shot('vet-console-demo');
  });

  it('a reset sent by a test suite empties the state browser that is open', async () => {
    await page.getByRole('tab', { name: 'State' }).click();
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect.poll(() => page.getByTestId('table-users').locator('tbody tr').count()).toBeGreaterThan(0);
    expect((await fetch(`${url}/__sim/v1/reset`, { method: 'POST' })).status).toBe(200);
    await page.getByText('No users yet').waitFor();
    await shot('state-after-reset');
  });
});
