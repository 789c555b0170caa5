// What the server had to tell at start, read in the UI in full: the header shows the first notice cut
// to its width and how many more there are; a click lists every notice whole (the files damaged
// databases were moved to are in them).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/run';
import { openSession, type Session } from './browser';

let session: Session;

describe('notices in the tester UI', () => {
  beforeAll(async () => {
    // Both files unreadable: each is moved aside, and each move is a notice.
    const dir = tempDir();
    writeFileSync(join(dir, 'simulator.sqlite'), 'this is not a database');
    writeFileSync(join(dir, 'journal.sqlite'), 'this is not a journal either');
    session = await openSession(['--data-dir', dir]);
  }, 60_000);
  afterAll(async () => session?.close());

  it('damaged databases moved aside are named in full, at a narrow window too, and the list closes again', async () => {
    const { page, url } = session;
    const notices: string[] = (await (await fetch(`${url}/__sim/v1/health`)).json()).notices;
    expect(notices).toHaveLength(2);
    for (const n of notices) expect(n).toMatch(/moved aside to .*\.sqlite\.corrupt-\S+ and a new one was started\.$/);

    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${url}/__sim/`);
    const notice = page.getByRole('button', { name: /could not be read/ });
    await notice.waitFor();
    // One line in the header: the end of the first sentence (where the file went) is cut off there,
    // while the count of the others is shown whole, inside the button's box.
    expect(await notice.locator('.notice-text').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const more = page.getByTestId('notice-more');
    expect(await more.textContent()).toBe('+1 more');
    expect(await more.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const [button, count] = [(await notice.boundingBox())!, (await more.boundingBox())!];
    expect(count.x + count.width).toBeLessThanOrEqual(button.x + button.width + 0.5);
    expect(await page.getByRole('region', { name: 'Notices' }).count()).toBe(0);

    await notice.click();
    const list = page.getByRole('region', { name: 'Notices' });
    await list.waitFor();
    expect((await list.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual(notices);
    expect(await notice.getAttribute('aria-expanded')).toBe('true');
    // Every part of it on screen, none past the window's edges.
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);

    await list.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Notices' }).count()).toBe(0);
    await notice.click();
    await list.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('region', { name: 'Notices' }).count()).toBe(0);
  });
});
