// What the server had to tell at start, read in the UI in full: the header shows the first notice cut
// to its width; a click lists every notice whole (the file a damaged database was moved to is in it).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/run';
import { openSession, type Session } from './browser';

let session: Session;

describe('notices in the tester UI', () => {
  beforeAll(async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'simulator.sqlite'), 'this is not a database');
    session = await openSession(['--data-dir', dir]);
  }, 60_000);
  afterAll(async () => session?.close());

  it('a database moved aside is named in full, at a narrow window too, and the list closes again', async () => {
    const { page, url } = session;
    const health = await (await fetch(`${url}/__sim/v1/health`)).json();
    expect(health.notices).toHaveLength(1);
    const full: string = health.notices[0];
    expect(full).toMatch(/moved aside to .*simulator\.sqlite\.corrupt-\S+ and a new one was started\.$/);

    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${url}/__sim/`);
    const notice = page.getByRole('button', { name: /could not be read/ });
    await notice.waitFor();
    // One line in the header: the end of the sentence (where the file went) is cut off there.
    const cut = await notice.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(true);
    expect(await page.getByRole('region', { name: 'Notices' }).count()).toBe(0);

    await notice.click();
    const list = page.getByRole('region', { name: 'Notices' });
    await list.waitFor();
    expect((await list.locator('li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '))).toEqual([full]);
    expect(await notice.getAttribute('aria-expanded')).toBe('true');
    // Every part of it on screen, none past the window's edges.
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);

    await list.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Notices' }).count()).toBe(0);
  });
});
