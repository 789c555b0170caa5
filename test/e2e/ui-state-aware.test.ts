// Issue 28, the rest of what the tester sees: the vet console knows the state (a new consultation's feedback
// form starts empty, the roster says when no vet is free and the next talk-to-vet is 503); toasts are at
// most two and never cover the control that raised them; the log marks a fault rule's answer, shows a
// nested JSON string as JSON, says when its times are simulated, and keeps Clear (the view) apart from
// deleting the journal (confirmed); the state browser says "Non-urgent".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type Session } from './browser';
import { fetchJson } from './fetch-json';

const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
const json = { 'content-type': 'application/json' };
let session: Session;
let url: string;
let page: Page;

const call = (method: string, path: string, body?: object, headers: Record<string, string> = auth) => fetchJson(url + path, method, body, headers);
async function chat(): Promise<string> {
  const r = await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 });
  if (r.status !== 200) throw new Error(`talk-to-vet: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.channel;
}
const openChat = (sid: string) => page.locator(`[data-testid=queue-item][data-sid="${sid}"]`).click();
const consultation = () => page.getByTestId('consultation-detail');
const rows = () => page.getByTestId('log-row');
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('a state-aware console and a truthful log', () => {
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
  }, 60_000);
  afterAll(async () => session?.close());

  it("a new consultation's feedback form starts empty, not with the previous one's recommendation", async () => {
    const [first, second] = [await chat(), await chat()];
    await call('POST', `/__sim/v1/consultations/${first}/accept`, {}, json);
    await call('POST', `/__sim/v1/consultations/${second}/accept`, {}, json);
    await page.goto(`${url}/__sim/#vet/${first}`);
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
    await page.getByLabel('Recommendation').selectOption('urgent');
    await page.getByLabel('Reason').fill('Limping since Monday.');
    await openChat(second);
    await expect.poll(() => consultation().textContent()).toContain(second);
    expect(await page.getByLabel('Recommendation').inputValue()).toBe('');
    expect(await page.getByLabel('Reason').inputValue()).toBe('');
    const save = consultation().getByRole('button', { name: 'Save feedback' });
    expect(await save.isDisabled()).toBe(true);
    expect(await save.getAttribute('title')).toBe('Choose a recommendation.');
    // Saved feedback is what the form then shows, in words: "Non-urgent", never `non_urgent`.
    expect((await call('PUT', `/__sim/v1/consultations/${second}/feedback`, { recommendation: 'non_urgent', reason: 'Rest and water.' }, json)).status).toBe(200);
    await expect.poll(() => page.getByLabel('Recommendation').inputValue()).toBe('non_urgent');
    expect(await page.getByLabel('Recommendation').locator('option:checked').textContent()).toBe('Non-urgent');
  });

  it('the roster shows free and busy in words and warns when no vet is free: the next talk-to-vet is 503', async () => {
    const states = page.getByTestId('vet-state');
    const vets = (await call('GET', '/__sim/v1/vets', undefined, json)).body.items as { id: string; busy: boolean; online: boolean }[];
    const expected = vets.map((v) => (v.busy ? 'Busy' : v.online ? 'Free' : 'Offline'));
    expect(new Set(expected)).toEqual(new Set(['Busy', 'Free'])); // the chats accepted above keep a vet busy
    await expect.poll(() => states.allTextContents()).toEqual(expected);
    const colours = await states.evaluateAll((els) => els.map((e) => `${e.textContent} ${getComputedStyle(e).backgroundColor}`));
    expect(new Set(colours.map((c) => c.replace(/^\w+ /, ''))).size).toBe(2); // busy and free differ
    expect(await page.getByTestId('no-vet-free').count()).toBe(0);
    for (const v of vets.filter((x) => !x.busy)) await call('PATCH', `/__sim/v1/vets/${v.id}`, { online: false }, json);
    await expect.poll(() => page.getByTestId('no-vet-free').textContent()).toContain('the next talk-to-vet will answer 503');
    expect((await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 })).status).toBe(503);
    for (const v of vets) await call('PATCH', `/__sim/v1/vets/${v.id}`, { online: true }, json);
    await expect.poll(() => page.getByTestId('no-vet-free').count()).toBe(0);
  });

  it('toasts: at most two, and never over the control that raised them', async () => {
    await page.setViewportSize({ width: 1024, height: 330 });
    const boxes = page.getByRole('checkbox', { name: / online$/ });
    const last = boxes.last();
    await last.scrollIntoViewIfNeeded();
    for (let i = 0; i < 3; i++) await boxes.nth(i).click();
    await expect.poll(() => page.getByTestId('toasts').locator('.toast').count()).toBe(2);
    await page.waitForTimeout(300);
    const control = (await last.boundingBox())!;
    for (const toast of await page.getByTestId('toasts').locator('.toast').all()) expect(overlaps((await toast.boundingBox())!, control)).toBe(false);
    expect(await page.getByTestId('toasts').locator('.toast').last().textContent()).toMatch(/^[A-Z].*\.×?$/);
    for (let i = 0; i < 3; i++) await boxes.nth(i).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("the log marks a fault rule's answer, and its journal entry says so", async () => {
    expect((await call('PUT', '/__sim/v1/faults', { items: [{ endpoint: 'A5', status: 503, message: 'Planned outage', probability: 1 }] }, json)).status).toBe(200);
    expect((await call('GET', '/api/v2/demo/pet/list?email=mira@example.com')).status).toBe(503);
    await call('PUT', '/__sim/v1/faults', { items: [] }, json);
    await page.getByRole('tab', { name: 'Request log', exact: true }).click();
    const row = rows().filter({ hasText: '503' }).first();
    expect(await row.getByTestId('injected-badge').textContent()).toBe('fault');
    const newest = (await call('GET', '/__sim/v1/requests?status=5xx&limit=1', undefined, json)).body.items[0];
    expect(newest.injected).toBe('fault');
    await page.getByRole('button', { name: 'fault', exact: true }).click();
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('button', { name: 'fault', exact: true }).click();
  });

  it('a nested JSON string (stringify_response) shows as coloured JSON; moved-clock times say they are simulated', async () => {
    // Any answered talk-to-vet carries a stringify_response (a refused one does not).
    await rows().filter({ hasText: '/talk-to-vet' }).filter({ hasText: '200' }).first().click();
    const response = page.getByTestId('request-detail').locator('.json');
    await response.locator('.j-tag', { hasText: 'JSON in a string' }).waitFor();
    expect(await response.locator('.j-key', { hasText: '"rtcToken"' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Time (UTC)' }).count()).toBe(1);
    await call('POST', '/__sim/v1/clock', { advance_seconds: 15 * 86400 }, json);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Time (simulated)' }).count()).toBe(1);
    await call('POST', '/__sim/v1/clock', { advance_seconds: -15 * 86400 }, json);
  });

  it('Clear empties the view only; deleting the journal is a separate action that asks first', async () => {
    const before = (await call('GET', '/__sim/v1/requests/count', undefined, json)).body.count as number;
    await page.getByRole('button', { name: 'Clear view' }).click();
    await page.getByText('View cleared').waitFor();
    expect((await call('GET', '/__sim/v1/requests/count', undefined, json)).body.count).toBe(before);
    await call('GET', '/api/v2/demo/media-url');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('button', { name: 'Delete journal…' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await call('GET', '/__sim/v1/requests/count', undefined, json)).body.count).toBe(before + 1);
    await page.getByRole('button', { name: 'Delete journal…' }).click();
    await dialog.getByRole('button', { name: 'Delete the journal' }).click();
    await expect.poll(async () => (await call('GET', '/__sim/v1/requests/count', undefined, json)).body.count).toBe(0);
    await page.getByText('No requests yet').waitFor();
  });
});
