// The keyboard (issue 37): the chat task from the queue — open, accept, write two messages, end, write feedback —
// with the keyboard alone, in at most 25 keys (each press or chord counts one; the letters of the two messages and
// of the reason are text, not keys). Focus never falls to <body> between steps. The queue is one tab stop moved
// with the arrows; `?` lists the shortcuts in a modal dialog that keeps focus and closes with Escape; `/` goes to
// the request log's search.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { partnerCaller, startChat } from './partner-calls';

const SHOTS = screenshotDir();
let session: Session;
let url: string;
let page: Page;

const call = partnerCaller(() => url);
const chat = () => startChat(call);
/** What has the focus, as a user would name it. */
const focused = () => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return 'body';
  return `${el.tagName.toLowerCase()}|${el.getAttribute('aria-label') ?? el.dataset.sid ?? el.innerText?.trim().split('\n')[0] ?? ''}`;
});

let keys = 0;
/** One key press or chord (Alt+E), counted; then focus must be on a control, never on <body>. */
async function press(key: string): Promise<void> {
  keys++;
  await page.keyboard.press(key);
}
/** Text typed into the focused field: the words, not keys of the task. */
const write = (text: string) => page.keyboard.insertText(text);

describe('the chat task with the keyboard alone', () => {
  let target: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    await chat(); // waiting longer: first in the queue
    target = await chat();
  }, 60_000);
  afterAll(async () => session?.close());

  for (const [width, height, colorScheme] of [[1024, 768, 'light'], [1440, 900, 'dark']] as const) {
    it(`open, accept, write two messages, end and write feedback in at most 25 keys (${width}×${height}, ${colorScheme})`, async () => {
      if (width === 1440) target = await chat(); // a fresh waiting chat for the second run
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await page.goto(`${url}/__sim/#vet`);
      await page.reload(); // a fresh page: nothing remembered from the previous run
      await page.locator(`[data-testid=queue-item][data-sid="${target}"]`).waitFor();
      await page.getByRole('tab', { name: 'Vet console' }).focus();
      keys = 0;

      // The queue is one tab stop: Tab from the screen tabs reaches its first item (past "Start … as the partner").
      await press('Tab');
      await press('Tab');
      expect(await page.locator('[data-testid=queue-item]').evaluateAll((els) => els.filter((e) => e.getAttribute('tabindex') === '0').length)).toBe(1);
      const first = await focused();
      expect(first).toMatch(/^button\|CH/);
      if (!first.endsWith(target)) await press('ArrowDown');
      expect(await focused()).toBe(`button|${target}`);

      await press('Enter'); // open: focus goes to its primary action
      await expect.poll(focused).toBe('button|Accept chat');
      await press('Enter'); // accept: focus goes to the message box
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-focus'))).toBe('composer');
      await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
      await write('Hello, I am looking at Biscuit’s notes now.');
      await press('Enter');
      await page.locator('[data-testid=message][data-author=vet]', { hasText: 'looking at Biscuit' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-focus'))).toBe('composer');
      // The message can come by the event stream before the answer to Enter, which is what empties the box (and
      // ends the sending): the next words are written once it is empty, not appended to the first message.
      await expect.poll(() => page.locator('textarea[data-focus=composer]').inputValue()).toBe('');
      await write('Please keep her warm and give water.');
      await press('Enter');
      await page.locator('[data-testid=message][data-author=vet]', { hasText: 'keep her warm' }).waitFor();

      await press('Alt+E'); // end, from the message box: focus goes to the feedback form
      await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended');
      await expect.poll(focused).toBe('select|Recommendation');
      for (let i = 0; i < 3; i++) await press('ArrowDown'); // Emergency, Critical, Urgent
      await expect.poll(() => page.getByLabel('Recommendation').inputValue()).toBe('urgent');
      await press('Tab');
      expect(await focused()).toBe('textarea|Reason');
      await write('Cough for two days: see a vet within 24 hours.');
      await press('Control+Enter'); // save: focus goes back to the queue, ready for the next consultation
      await expect.poll(focused).toBe(`button|${target}`);

      const a11 = await call('POST', '/api/v2/demo/feedback', { type: 'chat', channel_sid: target });
      expect(a11.body.data).toMatchObject({ recommendation: 'urgent', reason: 'Cough for two days: see a vet within 24 hours.' });
      const thread = (await call('GET', `/__sim/v1/consultations/${target}/messages`)).body.items as { author: string }[];
      expect(thread.filter((m) => m.author === 'vet')).toHaveLength(2);
      expect(keys).toBeLessThanOrEqual(25);
      console.log(`chat task at ${width}×${height}: ${keys} keys`);
    });
  }

  it('? opens the shortcuts as a modal dialog that keeps the focus; Escape closes it and gives the focus back', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.locator('[data-testid=queue-item][tabindex="0"]').focus();
    const before = await focused();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.textContent()).toContain('Accept the waiting chat or the ringing call');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, ['minor', 'moderate', 'serious', 'critical'])).toEqual([]);
    }
    await page.screenshot({ path: join(SHOTS, 'shortcuts-overlay.png') });
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    await expect.poll(focused).toBe(before);
  });

  it('/ goes to the request log with its search focused; Q comes back to the queue', async () => {
    await page.keyboard.press('/');
    await expect.poll(focused).toBe('input|Filter requests');
    await page.keyboard.press('Alt+Q');
    await expect.poll(focused).toMatch(/^button\|CH/);
  });
});
