// The request log with 100,000 entries opens and scrolls without a long task over 200 ms, and a
// burst of 2,000 requests in 2 s reaches the screen without freezing input. The server runs as
// `npm run serve` in its own process, so the figures are the browser's, not the test runner's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSimulator } from '../../src-main/core/simulator';
import { formatTimestamp } from '../../src-main/core/clock';
import { tempDir } from '../cli/run';
import { requireBrowserAndBuild, inputDelays, longTasks, openSession, resetMeasures, trackLongTasks, type Session } from './browser';

const N = 100_000;
// Timing assertions on a shared 2-core machine: one retry absorbs a noisy neighbour. Only these tests
// retry, and each is written to pass on a second attempt over the state the first one left.
const TIMED = { retry: 1, timeout: 120_000 };
let session: Session;
let url: string;
let page: Page;

describe('request log performance', () => {
  beforeAll(async () => {
    requireBrowserAndBuild(); // before seeding 100,000 entries for nothing
    const dir = tempDir();
    const seed = await createSimulator({ dataDir: dir, journalCap: 200_000 });
    const t = Date.now();
    for (let i = 0; i < N; i++) {
      seed.services.journal.record({
        time: formatTimestamp(t - (N - i) * 10), app: 'demo', family: i % 3 ? 'application' : 'client', endpoint: i % 3 ? 'A5' : 'B4',
        method: 'GET', path: i % 3 ? '/api/v2/demo/pet/list' : '/client/user/1/v2/pet/list', query: `email=user${i}@example.com`,
        status: i % 17 ? 200 : 422, duration_ms: 1.5, request_headers: {}, request_body: null, response_headers: {}, response_body: '{}', error: null, truncated: false,
      });
    }
    await seed.close();
    session = await openSession(['--data-dir', dir, '--journal-cap', '200000']);
    ({ url, page } = session);
    await trackLongTasks(page);
  }, 180_000);
  afterAll(async () => session?.close());

  it('opens with 100,000 entries and scrolls without a long task over 200 ms', TIMED, async () => {
    const t0 = Date.now();
    await page.goto(`${url}/__sim/`);
    await expect.poll(() => page.getByTestId('log-count').textContent(), { timeout: 60_000, interval: 200 }).toBe('100,000 requests');
    const loadMs = Date.now() - t0;
    const body = page.getByTestId('log-body');
    for (let i = 0; i < 40; i++) {
      await body.evaluate((el, k) => (el.scrollTop = (el.scrollHeight * k) / 40), i);
      await page.waitForTimeout(16);
    }
    await page.mouse.move(400, 500);
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -4000);
    await page.getByTestId('log-row').first().waitFor();
    await page.getByLabel('Filter requests').fill('B4');
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('33,334 of 100,000');
    // A status, and an endpoint in any case (every 17th entry is a 422).
    await page.getByLabel('Filter requests').fill('422');
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('5,883 of 100,000');
    await page.getByLabel('Filter requests').fill('b4');
    await expect.poll(() => page.getByTestId('log-count').textContent()).toBe('33,334 of 100,000');
    await page.getByLabel('Filter requests').fill('');
    const long = await longTasks(page);
    console.log(`log of ${N} entries loaded in ${loadMs} ms; long tasks: ${long.length}, max ${Math.round(Math.max(0, ...long))} ms`);
    expect(Math.max(0, ...long)).toBeLessThan(200);
  });

  it('a burst of 2,000 requests in 2 s reaches the screen without freezing input', TIMED, async () => {
    await resetMeasures(page);
    // Counted, not assumed: a retry after a failed attempt starts with that attempt's 2,000 already logged.
    // An attempt that failed mid-typing leaves a filter: cleared first, so the count reads "N requests".
    await page.getByLabel('Filter requests').fill('');
    let before = 0;
    await expect.poll(async () => {
      const m = /^([\d,]+) requests$/.exec((await page.getByTestId('log-count').textContent()) ?? '');
      before = m ? Number(m[1].replace(/,/g, '')) : 0;
      return before;
    }).toBeGreaterThanOrEqual(N);
    await page.getByLabel('Filter requests').click();
    const burst = (async () => {
      const start = Date.now();
      for (let b = 0; b < 20; b++) {
        await Promise.all(Array.from({ length: 100 }, () => fetch(`${url}/api/v2/demo/media-url`).then((r) => r.arrayBuffer())));
        const due = start + (b + 1) * 100;
        if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
      return Date.now() - start;
    })();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(i % 2 ? 'Backspace' : 'A');
      await page.waitForTimeout(120);
    }
    const burstMs = await burst;
    await page.getByLabel('Filter requests').fill('');
    await expect.poll(() => page.getByTestId('log-count').textContent(), { timeout: 15_000 }).toBe(`${(before + 2000).toLocaleString('en-US')} requests`);
    const delays = await inputDelays(page);
    const long = await longTasks(page);
    console.log(`burst of 2000 requests sent in ${burstMs} ms; ${delays.length} key presses, input delay max ${Math.round(Math.max(...delays))} ms; long tasks max ${Math.round(Math.max(0, ...long))} ms`);
    expect(delays.length).toBeGreaterThanOrEqual(15);
    expect(Math.max(...delays)).toBeLessThan(200);
    expect(Math.max(0, ...long)).toBeLessThan(200);
  });
});
