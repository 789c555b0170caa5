// Issue 37: the state browser shows a record as labelled cards (words, not column names) linked user ↔ pets ↔
// consultations ↔ requests: from a user to their pet, from the pet back to its owner and on to a consultation,
// from the consultation to its user, to the requests of its timeline and to the request log filtered by its sid; axe-core finds nothing of any
// impact on the cards, in both themes, at 1024×768 and 1440×900.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';

const SHOTS = screenshotDir();
const ALL = ['minor', 'moderate', 'serious', 'critical'];
let session: Session;
let url: string;
let page: Page;

const detail = () => page.getByTestId('state-detail');
const card = (testId: string) => detail().getByTestId(testId);
/** The labels a card shows, in order. */
const labels = (testId: string) => card(testId).locator('dt').allTextContents();

describe('the state browser as linked cards', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    expect((await fetchJson(`${url}/__sim/v1/demo-data`, 'POST', {}, { 'content-type': 'application/json' })).status).toBe(200);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${url}/__sim/#state`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  });
  afterAll(async () => session?.close());

  it("a user opens as labelled cards: who, emergency, pets, consultations, with no raw column names", async () => {
    await page.getByTestId('table-users').locator('tr', { hasText: 'tom@example.com' }).click();
    await card('card-user').waitFor();
    expect(await labels('card-user')).toEqual(['E-mail', 'App', 'Family', 'Role', 'Status', 'Plan', 'Phone', 'Registered', 'Deleted']);
    expect(await card('card-user').locator('dd').first().textContent()).toBe('tom@example.com');
    expect(await card('card-emergency').locator('dt').first().textContent()).toBe('Trial');
    expect(await card('card-user-pets').getByRole('button', { name: 'Bruno' }).count()).toBe(1);
    expect(await detail().textContent()).not.toMatch(/can_activate_Emergency|owner_email|rtc_user_sid|_at\b/);
    for (const size of [{ width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
      await page.setViewportSize(size);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await axeViolations(page, ALL), `${size.width} ${colorScheme}`).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `state-browser-cards-${size.width}-${colorScheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  it('user → pet → owner → consultation → user, each a click', async () => {
    await card('card-user-pets').getByRole('button', { name: 'Bruno' }).click();
    await card('card-pet').waitFor();
    expect(await page.getByRole('tab', { name: 'Pets' }).getAttribute('aria-selected')).toBe('true');
    expect(await labels('card-pet')).toEqual(['Species', 'Breed', 'Age', 'Sex', 'Colour', 'Weight', 'Deceased', 'Added']);
    expect(await card('card-pet').locator('dd').first().textContent()).toBe('dog');
    // Its consultations, read from its owner's record: Tom's video call about Bruno.
    const consult = card('card-pet-consultations').getByRole('button').first();
    await consult.waitFor();
    await card('card-pet-owner').getByRole('button', { name: 'tom@example.com' }).click();
    await card('card-user').waitFor();
    expect(await page.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');
    await card('card-user-consultations').getByRole('button').first().click();
    await card('card-consultation').waitFor();
    expect(await page.getByRole('tab', { name: 'Consultations' }).getAttribute('aria-selected')).toBe('true');
    expect(await labels('card-consultation')).toEqual(['Type', 'Status', 'Started', 'User', 'Pet', 'Vet', 'Feedback']);
    await card('card-consultation').getByRole('button', { name: /Tom Becker/ }).click();
    await expect.poll(() => card('card-user').locator('dd').first().textContent(), { timeout: 5000 }).toBe('tom@example.com');
  });

  it('a click on the first row of a list just chosen opens that kind of record, never the previous list\'s', async () => {
    await page.getByRole('tab', { name: 'Consultations' }).click();
    await page.getByTestId('table-consultations').locator('tbody tr').first().waitFor();
    await page.getByRole('tab', { name: 'Feedback' }).click();
    await page.getByTestId('table-feedback').locator('tbody tr').first().click(); // at once: its rows may still be on their way
    await card('card-feedback').waitFor();
    const sid = await card('card-feedback').locator('dd code').textContent();
    const feedback = (await fetchJson(`${url}/__sim/v1/feedback`, 'GET', undefined, {})).body.items as { sid: string }[];
    expect(feedback.map((f) => f.sid)).toContain(sid);
  });

  it("a consultation's card opens the request log filtered by its sid, and the vet console", async () => {
    const chat = await fetchJson(`${url}/api/v2/demo/talk-to-vet`, 'POST', { email: 'tom@example.com', conversation_request: 'chat', pet_id: 7 },
      { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' });
    expect(chat.status).toBe(200);
    const sid = chat.body.data.channel as string;
    await page.getByRole('tab', { name: 'Consultations' }).click();
    await page.getByTestId('table-consultations').locator('tr', { hasText: sid }).click();
    await card('card-consultation').waitFor();
    expect(await card('card-consultation').locator('a', { hasText: 'Open in the vet console' }).getAttribute('href')).toBe(`#vet/${sid}`);
    // Its timeline links the request that started it to its entry in the log.
    const started = card('card-consultation-timeline').locator('a[href^="#requests/"]').first();
    await started.waitFor();
    expect(await started.textContent()).toContain('A8');
    await card('card-consultation').getByRole('button', { name: 'Requests naming this consultation' }).click();
    expect(await page.getByRole('tab', { name: 'Request log', exact: true }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('Filter requests').inputValue()).toBe(sid);
    // The talk-to-vet that started it (its sid is in its answer's body).
    await expect.poll(() => page.getByTestId('log-row').locator('.path').allTextContents(), { timeout: 10_000 }).toEqual(['/api/v2/demo/talk-to-vet']);
  });
});
