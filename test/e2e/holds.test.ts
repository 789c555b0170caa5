// Issue 27 item 5 in Chromium: a hold armed from the request log (its detail's "Hold the next call like this")
// or from Settings keeps the next A8; the call appears as a card above every tab, with a countdown that runs
// down, announced politely while the keyboard stays where it was; every action is reachable by Tab; axe-core
// finds nothing critical or serious with a card shown, in both themes. Fail 503 answers the waiting client
// with the envelope; Release with a chosen vet gives the consultation to that vet; Respond checks the
// envelope against A8's contract in words first. The journal flags the answers a hold decided or kept.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { BASIC_DEMO } from './partner-bodies';

const SHOTS = screenshotDir();
const A8 = { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 };
let session: Session;
let url: string;
let page: Page;

const control = async <T>(path: string): Promise<T> => (await (await fetch(`${url}/__sim/v1${path}`)).json()) as T;
const partner = (path: string, body: object) =>
  fetch(url + path, { method: 'POST', headers: { ...BASIC_DEMO, 'content-type': 'application/json' }, body: JSON.stringify(body) });
/** An A8 sent and not awaited: it resolves once a decision answers it. */
const talkToVet = () => partner('/api/v2/demo/talk-to-vet', A8).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
const holds = () => control<{ items: { endpoint: string; app: string | null; method: string | null; count: number; timeout_ms: number }[] }>('/holds').then((r) => r.items);
const latestEntry = async () => {
  const id = (await control<{ items: { id: number }[] }>('/requests?limit=1')).items[0].id;
  return control<{ id: number; status: number; injected: string | null; hold: { decision: string; by: string; vet_id?: string } | null }>(`/requests/${id}`);
};
const card = () => page.getByTestId('held-card');
const seconds = async (countdown: Locator) => Number(/(\d+) s$/.exec((await countdown.textContent()) ?? '')?.[1]);

describe('held calls in the tester UI', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    expect((await partner('/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await partner('/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' })).status).toBe(200);
    expect((await talkToVet()).status).toBe(200); // a logged A8 to arm the next one from
    await page.goto(`${url}/__sim/#requests`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  });
  afterAll(async () => session?.close());

  it('arms from the log, shows the held A8 as a card whose countdown runs down without taking focus; Fail 503 answers the waiting client', async () => {
    await page.getByTestId('log-row').filter({ hasText: 'talk-to-vet' }).first().click();
    await page.getByTestId('hold-like-this').click();
    await expect.poll(holds).toEqual([expect.objectContaining({ endpoint: 'A8', app: 'demo', method: 'POST', count: 1, timeout_ms: 60000 })]);

    // The tester is typing in the filter box when the call arrives: the card must not take the keyboard.
    const filter = page.getByLabel('Filter requests');
    await filter.focus();
    const waiting = talkToVet();
    await card().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Filter requests');
    await expect.poll(() => page.getByTestId('held-announcer').textContent()).toMatch(/^A8 call held: POST \/api\/v2\/demo\/talk-to-vet from demo; it releases in \d+ s\.$/);
    const text = await card().textContent();
    for (const part of ['A8', 'POST', '/api/v2/demo/talk-to-vet', 'demo', '"mira@example.com"', '"pet_id"']) expect(text).toContain(part);
    const countdown = card().getByTestId('held-countdown');
    expect(await countdown.textContent()).toMatch(/^releases in (59|60) s$/);
    const first = await seconds(countdown);
    await expect.poll(() => seconds(countdown), { timeout: 5000 }).toBeLessThan(first);
    expect(await Promise.race([waiting.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 300))])).toBe('waiting');

    // Every action of the card is reachable by Tab, in order, from its body.
    await card().getByRole('region', { name: /^Body of held A8/ }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return el.closest('[data-testid=held-card]') ? (el.tagName === 'BUTTON' ? el.textContent ?? '' : el.id.replace(/^held-held_\d+-/, '')) : 'outside';
      }));
    }
    expect(reached).toEqual(['vet', 'Release', 'status', 'message', 'Fail', 'Respond…', 'Close connection', 'outside']);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `held-call-${colorScheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await card().getByLabel('Status').selectOption('503');
    await card().getByLabel('Message').fill('Maintenance');
    await card().getByRole('button', { name: 'Fail' }).click();
    const answer = await waiting;
    expect(answer).toEqual({ status: 503, body: { success: false, status_code: 503, message: ['Maintenance'], data: [] } });
    await page.getByTestId('toasts').getByText('A8 answered 503 Maintenance.').waitFor();
    await expect.poll(() => card().count()).toBe(0);
    // The keyboard was on the card's Fail button: it goes back to the tabs, not to nowhere.
    await expect.poll(() => page.evaluate(() => `${document.activeElement?.getAttribute('role')} ${document.activeElement?.textContent}`)).toBe('tab Request log');
    expect((await control<{ total: number }>('/consultations')).total).toBe(1); // only the first A8's

    // The journal flags the made-up answer and says the tester decided it in the UI.
    expect(await latestEntry()).toMatchObject({ status: 503, injected: 'decided', hold: { decision: 'fail', by: 'ui' } });
    const row = page.getByTestId('log-row').filter({ hasText: '503' }).first();
    expect(await row.getByTestId('injected-badge').textContent()).toBe('decided');
    await row.click();
    await expect.poll(() => page.getByTestId('injected-note').textContent()).toMatch(/^A hold decided this answer: failed with 503 by the tester \(UI\) after \d+\.\d s\./);
    await page.getByRole('button', { name: 'Close detail' }).click();
  });

  it('arms from Settings (field errors in words); Release with a chosen vet gives the consultation to that vet', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Arm a hold' });
    await form.getByLabel('Endpoint').selectOption('A8');
    await form.getByLabel('App').selectOption('demo');
    await form.getByLabel('Count').fill('zero');
    await form.getByLabel('Timeout (s)').fill('0');
    await form.getByRole('button', { name: 'Arm hold' }).click();
    await form.getByText('Count must be a whole number from 0 (until removed) to 1,000.').waitFor();
    await form.getByText('Timeout must be a number of seconds from 0.1 to 600 (10 minutes).').waitFor();
    expect(await form.getByLabel('Count').getAttribute('aria-invalid')).toBe('true');
    expect(await holds()).toEqual([]);

    await form.getByLabel('Count').fill('1');
    await form.getByLabel('Timeout (s)').fill('30');
    await form.getByRole('button', { name: 'Arm hold' }).click();
    await expect.poll(holds).toEqual([expect.objectContaining({ endpoint: 'A8', app: 'demo', count: 1, timeout_ms: 30000 })]);
    await page.getByTestId('holds-table').getByText('demo').waitFor();
    await page.getByTestId('holds-panel').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'settings-holds-light.png') });

    const vets = (await control<{ items: { id: string; online: boolean; busy: boolean }[] }>('/vets')).items;
    const free = vets.filter((v) => v.online && !v.busy);
    expect(free.length).toBeGreaterThan(1);
    const chosen = free[free.length - 1].id; // not the one the simulator would pick first

    const waiting = talkToVet();
    await card().waitFor(); // shown on Settings too: the strip is above every tab
    await expect.poll(() => card().getByTestId('held-countdown').textContent()).toMatch(/^releases in (29|30) s$/);
    await card().getByLabel('Vet').selectOption(chosen);
    await card().getByRole('button', { name: 'Release' }).click();
    const answer = await waiting;
    expect(answer.status).toBe(200);
    const sid = (answer.body.data as { channel: string }).channel;
    expect((await control<{ vet: { id: string } }>(`/consultations/${sid}`)).vet.id).toBe(chosen);
    await page.getByTestId('toasts').getByText(`A8 released: the simulator answered 200 with ${chosen}.`).waitFor();
    expect(await latestEntry()).toMatchObject({ status: 200, injected: 'held', hold: { decision: 'release', by: 'ui', vet_id: chosen } });
    await expect.poll(holds).toEqual([]); // count 1: used up
  });

  it("a log row's menu arms the next call like it; several held calls queue oldest first; Release all answers them all", async () => {
    await page.getByRole('tab', { name: 'Request log' }).click();
    const grid = page.getByRole('grid', { name: 'Requests' });
    await grid.focus();
    await page.keyboard.press('Home');
    const row = page.getByTestId('log-row').first();
    expect(await row.textContent()).toContain('talk-to-vet');
    await page.keyboard.press('Shift+F10'); // the keyboard's way to a row's menu
    const menu = page.getByRole('menu');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hold the next call like this (A8, demo)');
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid'); // the keyboard is back

    await row.click({ button: 'right' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'request-log-row-menu-light.png') });
    await menu.getByRole('menuitem', { name: /^Hold the next call like this/ }).click();
    await expect.poll(holds).toEqual([expect.objectContaining({ endpoint: 'A8', app: 'demo', method: 'POST', count: 1 })]);
    await fetch(`${url}/__sim/v1/holds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: 'A5', on_timeout: 'fail' }) });

    const first = talkToVet();
    await expect.poll(() => card().count()).toBe(1);
    const second = fetch(`${url}/api/v2/demo/pet/list?email=mira@example.com`, { headers: BASIC_DEMO }).then((r) => r.status);
    await expect.poll(() => card().count()).toBe(2);
    expect(await card().nth(0).getByRole('heading').textContent()).toContain('A8');
    expect(await card().nth(1).getByRole('heading').textContent()).toContain('A5');
    expect(await card().nth(1).getByTestId('held-countdown').textContent()).toMatch(/^fails in \d+ s$/);
    expect(await card().nth(1).getByLabel('Vet').count()).toBe(0); // only A8 and B10 pick a vet
    await page.getByTestId('held-announcer').getByText(/^A5 call held: GET \/api\/v2\/demo\/pet\/list from demo; it fails in \d+ s\. 2 calls are waiting\.$/).waitFor();

    await page.getByRole('button', { name: 'Release all' }).click();
    expect((await first).status).toBe(200);
    expect(await second).toBe(200);
    await page.getByTestId('toasts').getByText('Released 2 held calls: the simulator answered 200.').waitFor();
    await expect.poll(() => card().count()).toBe(0);
    expect(await page.getByTestId('held-calls').count()).toBe(0); // the strip takes no room once empty
  });

  it('Respond checks the envelope against the A8 contract in words, then answers exactly it', async () => {
    const armed = await fetch(`${url}/__sim/v1/holds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: 'A8' }) });
    expect(armed.status).toBe(201);
    const waiting = talkToVet();
    await card().waitFor();
    await card().getByRole('button', { name: 'Respond…' }).click();
    const editor = card().getByLabel(/^Envelope to answer A8 with/);
    await expect.poll(() => editor.inputValue()).toContain('"User Found Successfully"');
    const envelope = JSON.parse(await editor.inputValue()) as { status: number; message: string[]; data: Record<string, unknown> };
    expect(envelope).toMatchObject({ status: 200, data: { channel: '', vet: { id: '' } } });

    await editor.fill(JSON.stringify({ success: true, status: 200, message: ['Made up.'], data: [] }));
    await card().getByRole('button', { name: 'Send' }).click();
    await card().getByTestId('respond-problems').getByText(/^success: not part of what you give here/).waitFor();
    expect(await card().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);

    await editor.fill(JSON.stringify({ ...envelope, message: ['Made up.'], data: { ...envelope.data, channel: 3 } }));
    await card().getByRole('button', { name: 'Send' }).click();
    await card().getByTestId('respond-problems').getByText('data.channel must be text, not number 3.').waitFor();
    expect(await page.getByTestId('respond-problems').textContent()).not.toMatch(/Invalid input|expected string/);
    await page.screenshot({ path: join(SHOTS, 'held-call-respond-light.png') });
    expect(await axeViolations(page)).toEqual([]);

    const fixed = { ...envelope, message: ['Made up.'], data: { ...envelope.data, channel: 'CHmadeup' } };
    await editor.fill(JSON.stringify(fixed, null, 2));
    await card().getByRole('button', { name: 'Send' }).click();
    const answer = await waiting;
    expect(answer).toEqual({ status: 200, body: { success: true, status_code: 200, message: ['Made up.'], data: fixed.data } });
    await page.getByTestId('toasts').getByText('A8 answered 200 with your envelope.').waitFor();
    expect(await latestEntry()).toMatchObject({ injected: 'decided', hold: { decision: 'respond', by: 'ui' } });
  });
});
