// The vet console around the conversation (issue 37): opened from the queue, a chat shows its newest message and
// the composer without scrolling at 1024×768 and 1440×900, in both themes; the toolbar holds only what the state
// allows; another consultation opens at its top; the composer counts code points and refuses more than 1,600;
// axe-core finds nothing of any impact.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { partnerCaller, startChat } from './partner-calls';

const SHOTS = screenshotDir();
let session: Session;
let url: string;
let page: Page;
let detail: Locator;

const call = partnerCaller(() => url);
const chat = () => startChat(call);
const item = (sid: string) => page.locator(`[data-testid=queue-item][data-sid="${sid}"]`);
const toolbarButtons = () => detail.getByRole('group', { name: 'Vet actions' }).getByRole('button').evaluateAll((els) => els.map((e) => (e as HTMLButtonElement).innerText.replace(/\s+[A-Z?]$/, '')));
/** Wholly inside the window: nothing to scroll to see it. */
const inView = (l: Locator) => l.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
});

describe('the vet console around the conversation', () => {
  let sid: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    sid = await chat();
    await call('POST', `/__sim/v1/consultations/${sid}/accept`, {});
    // A long thread: the newest message must still be in view, at the bottom, with the composer under it.
    for (let i = 1; i <= 30; i++) {
      await call('POST', `/__sim/v1/consultations/${sid}/messages`, { author: i % 2 ? 'vet' : 'owner', body: `Message number ${i} about Biscuit's cough.` });
    }
    detail = page.getByTestId('consultation-detail');
  }, 90_000);
  afterAll(async () => session?.close());

  for (const [width, height] of [[1024, 768], [1440, 900]] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`at ${width}×${height} (${colorScheme}), the newest message and the composer are in view after opening the chat from the queue`, async () => {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme });
        await page.goto(`${url}/__sim/#vet`);
        await item(sid).click();
        const newest = detail.locator('[data-testid=message]', { hasText: 'Message number 30 ' });
        await newest.waitFor();
        await expect.poll(() => inView(newest)).toBe(true);
        expect(await inView(detail.getByRole('textbox', { name: 'Message' }))).toBe(true);
        expect(await inView(detail.getByRole('button', { name: 'Send', exact: true }))).toBe(true);
        expect(await inView(detail.getByTestId('consultation-status'))).toBe(true);
        // The whole page does not scroll: the thread does.
        expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= innerHeight)).toBe(true);
        // An active chat: End only (no Accept, nothing disabled for show).
        expect(await toolbarButtons()).toEqual(['End chat', 'Shortcuts']);
        expect(await axeViolations(page, ['minor', 'moderate', 'serious', 'critical'])).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `vet-console-chat-${width}-${colorScheme}.png`) });
      });
    }
  }

  it('a waiting chat offers Accept and End; an ended one no composer, no quick replies, and the feedback form', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    const waiting = await chat();
    await item(waiting).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('waiting');
    expect(await toolbarButtons()).toEqual(['Accept chat', 'End chat', 'Shortcuts']);
    expect(await detail.getByTestId('feedback-form').count()).toBe(0);
    await call('POST', '/api/v2/demo/end', { channel_sid: waiting });
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended');
    expect(await toolbarButtons()).toEqual(['Shortcuts']);
    expect(await detail.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(await detail.getByRole('group', { name: 'Quick replies' }).count()).toBe(0);
    expect(await detail.getByTestId('composer-note').textContent()).toMatch(/ended/);
    expect(await inView(detail.getByRole('button', { name: 'Save feedback' }))).toBe(true);
  });

  it('another consultation opens at its top, not at the previous one’s scroll', async () => {
    await item(sid).click();
    await detail.locator('[data-testid=message]', { hasText: 'Message number 30 ' }).waitFor();
    await page.getByTestId('rail').evaluate((el) => (el.scrollTop = el.scrollHeight));
    const other = await chat();
    await item(other).click();
    await expect.poll(() => detail.textContent()).toContain(other);
    expect(await page.getByTestId('rail').evaluate((el) => el.scrollTop)).toBe(0);
  });

  it('the composer counts code points and refuses more than 1,600 with a visible message', async () => {
    await item(sid).click();
    const box = detail.getByRole('textbox', { name: 'Message' });
    await box.fill('🐶'.repeat(1600)); // 3,200 UTF-16 units, 1,600 characters: allowed
    expect(await detail.getByTestId('composer-count').textContent()).toBe('1,600 / 1,600');
    expect(await detail.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(false);
    await box.fill('a'.repeat(1623));
    expect(await box.inputValue()).toHaveLength(1623); // never cut without a word
    expect(await detail.getByTestId('composer-count').textContent()).toBe('1,623 / 1,600');
    expect(await detail.getByRole('alert').textContent()).toBe('Too long: 1,623 characters, and a message holds at most 1,600. Shorten it by 23.');
    expect(await detail.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    const before = (await call('GET', `/__sim/v1/consultations/${sid}/messages`)).body.total;
    await box.press('Enter');
    expect((await call('GET', `/__sim/v1/consultations/${sid}/messages`)).body.total).toBe(before);
    await page.screenshot({ path: join(SHOTS, 'vet-console-too-long.png') });
    await box.fill('');
  });
});
