// Acting as the partner from the UI (issue 37): with nothing but the browser, a chat is started (A8 talk-to-vet)
// for a chosen user and pet, worked in the vet console, and its feedback read back (A11) — real partner calls
// with the app's credentials, journaled like any other and marked as the tester's (`x-sim-actor: ui`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';

const SHOTS = screenshotDir();
const ALL = ['minor', 'moderate', 'serious', 'critical'];
let session: Session;
let url: string;
let page: Page;
let detail: Locator;

const control = async (path: string) => (await fetch(`${url}/__sim/v1${path}`)).json();
interface Summary { id: number; endpoint: string | null; method: string; path: string; status: number }

describe('a chat started and its feedback read from the UI, with no other client', () => {
  let sid: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    detail = page.getByTestId('consultation-detail');
  }, 60_000);
  afterAll(async () => session?.close());

  it('Start as the partner sends A8 for the chosen user and pet, and the new chat opens ready to accept', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${url}/__sim/`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Load demo data' }).click();
    await page.getByText('Demo data set loaded.').waitFor();
    const journalBefore = (await control('/requests?limit=1000')).items.length as number;
    await page.getByRole('tab', { name: 'Vet console' }).click();
    const start = page.getByTestId('partner-start');
    await start.locator('summary').click();
    const user = start.getByLabel('User');
    // Until the users are read the list holds one placeholder ("No users"): wait for a real one to be chosen.
    await expect.poll(() => user.locator('option:checked').textContent()).toMatch(/@/);
    const userText = (await user.locator('option:checked').textContent())!;
    const pet = start.getByLabel('Pet');
    await expect.poll(() => pet.locator('option:checked').textContent()).not.toMatch(/^No pets/);
    const petName = (await pet.locator('option:checked').textContent())!.replace(/ \(.*$/, '');
    await start.getByLabel('Chat').check();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, ALL)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(SHOTS, 'vet-console-start-as-partner.png') });
    await start.getByRole('button', { name: 'Start (A8 talk-to-vet)' }).click();
    const result = start.getByTestId('partner-start-result');
    await expect.poll(() => result.textContent()).toMatch(/^Chat started: CH[0-9a-f]{32}\.$/);
    sid = (await result.textContent())!.slice('Chat started: '.length, -1);
    await expect.poll(() => detail.textContent()).toContain(sid);
    expect(await page.getByTestId('consultation-status').textContent()).toBe('waiting');
    expect(await detail.getByRole('heading', { level: 2 }).textContent()).toContain(`${userText.split(' — ')[0].trim()} · ${petName}`);
    // Opened ready for the next step: its Accept has the focus.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement).innerText.replace(/\s+A$/, ''))).toBe('Accept chat');

    const items = (await control('/requests?limit=1000')).items as Summary[];
    expect(items.length).toBe(journalBefore + 1);
    const a8 = items[0];
    expect(a8).toMatchObject({ endpoint: 'A8', method: 'POST', path: '/api/v2/demo/talk-to-vet', status: 200 });
    const entry = await control(`/requests/${a8.id}`);
    expect(entry.request_headers['x-sim-actor']).toBe('ui');
    expect(entry.request_headers.authorization).toMatch(/^Basic demo:\*+$/);
    expect(JSON.parse(entry.request_body)).toMatchObject({ conversation_request: 'chat' });
  });

  it('after the vet’s feedback, “Read the feedback as the partner” shows what A11 answers, journaled from the UI', async () => {
    await page.keyboard.press('Enter'); // accept
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
    await detail.getByRole('button', { name: 'End chat' }).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended');
    await page.getByLabel('Recommendation').selectOption('critical');
    await page.getByLabel('Reason').fill('Breathing fast: go to the emergency clinic now.');
    await detail.getByRole('button', { name: 'Save feedback' }).click();
    await page.getByText('Feedback saved.').waitFor();
    await detail.getByRole('button', { name: 'Read the feedback as the partner (A11)' }).click();
    const answer = detail.getByTestId('partner-answer');
    await expect.poll(() => answer.textContent()).toContain('Critical: Breathing fast: go to the emergency clinic now.');
    expect(await answer.locator('.status').textContent()).toBe('200');
    const a11 = ((await control('/requests?limit=5')).items as Summary[])[0];
    expect(a11).toMatchObject({ endpoint: 'A11', path: '/api/v2/demo/feedback', status: 200 });
    expect((await control(`/requests/${a11.id}`)).request_headers['x-sim-actor']).toBe('ui');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, ALL)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: join(SHOTS, 'vet-console-feedback-read-as-partner.png') });
  });

  it('a refused start says the partner API’s answer (503 with every vet offline)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const boxes = page.getByRole('checkbox', { name: /online$/ });
    // The roster's boxes follow the server: each click is a PATCH, the box turns when the answer is back.
    const turn = async (online: boolean) => {
      for (let i = 0; i < await boxes.count(); i++) {
        if ((await boxes.nth(i).isChecked()) === online) continue;
        await boxes.nth(i).click();
        await expect.poll(() => boxes.nth(i).isChecked()).toBe(online);
      }
    };
    await turn(false);
    await page.getByTestId('no-vet-free').waitFor();
    const start = page.getByTestId('partner-start');
    await start.getByLabel('Video call').check();
    await start.getByRole('button', { name: 'Start (A8 talk-to-vet)' }).click();
    await expect.poll(() => start.getByRole('alert').textContent()).toMatch(/^talk-to-vet answered 503: /);
    await turn(true);
    await start.getByRole('button', { name: 'Start (A8 talk-to-vet)' }).click();
    await expect.poll(() => start.getByTestId('partner-start-result').textContent()).toMatch(/^Video call started: RM[0-9a-f]{32}\.$/);
    await expect.poll(() => detail.getByTestId('call-stage').getAttribute('data-state')).toBe('ringing');
  });
});
