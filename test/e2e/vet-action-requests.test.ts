// Issue 36: one vet action from the console costs 1 POST and at most 1 GET. The queues, the counts, the roster and
// the thread follow the records the event stream carries; only the open consultation's detail (its timeline) is
// read again, once per action. Counted from the browser's own requests to the control API (the stream excluded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openSession, type Session } from './browser';
import { partnerCaller } from './partner-calls';

let session: Session;
let url: string;
let page: Page;
const call = partnerCaller(() => url);

/** The control calls the page makes while `action` runs and the screen settles (the event stream not counted). */
async function controlCallsDuring(action: () => Promise<void>, settled: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const note = (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/__sim/v1/') && path !== '/__sim/v1/events') seen.push(`${r.method()} ${path}`);
  };
  page.on('request', note);
  try {
    await action();
    await settled();
    await page.waitForTimeout(1200); // every batch of events (100 ms) and every pause before a read (≤ 150 ms) is over
  } finally {
    page.off('request', note);
  }
  return seen;
}
const posts = (calls: string[]) => calls.filter((c) => !c.startsWith('GET '));
const gets = (calls: string[]) => calls.filter((c) => c.startsWith('GET '));

describe('a vet action from the console', () => {
  let sid: string;
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    sid = (await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 })).body.data.channel;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${url}/__sim/#vet/${sid}`);
    await page.getByRole('button', { name: 'Accept chat' }).waitFor();
    await page.waitForTimeout(800); // the first reads of the console are done
  }, 60_000);
  afterAll(async () => session?.close());

  it('accepting costs 1 POST and at most 1 GET, and every list on screen moves', async () => {
    const calls = await controlCallsDuring(
      () => page.getByRole('button', { name: 'Accept chat' }).click(),
      () => expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active'),
    );
    expect(posts(calls)).toEqual([`POST /__sim/v1/consultations/${sid}/accept`]);
    expect(gets(calls).length, calls.join('\n')).toBeLessThanOrEqual(1);
    // The queues moved it without asking: out of the waiting chats, into those in progress.
    await expect.poll(() => page.locator(`[data-testid=queue-group][data-status="active,accepted"] [data-sid="${sid}"]`).count()).toBe(1);
    expect(await page.locator(`[data-testid=queue-group][data-status="waiting"] [data-sid="${sid}"]`).count()).toBe(0);
    // The timeline read once shows the accept.
    await expect.poll(() => page.getByText(/accepted the chat|Vet accepted|accept/i).count()).toBeGreaterThan(0);
  });

  it('writing a message costs 1 POST and at most 1 GET, and the message shows once', async () => {
    const calls = await controlCallsDuring(
      async () => {
        await page.getByLabel('Message', { exact: true }).fill('Hello from the console.');
        await page.keyboard.press('Enter');
      },
      () => page.locator('[data-testid=message][data-author=vet]', { hasText: 'Hello from the console.' }).waitFor(),
    );
    expect(posts(calls)).toEqual([`POST /__sim/v1/consultations/${sid}/messages`]);
    expect(gets(calls).length, calls.join('\n')).toBeLessThanOrEqual(1);
    expect(await page.locator('[data-testid=message]', { hasText: 'Hello from the console.' }).count()).toBe(1);
  });

  it("the owner's message arrives in the thread with no read of the thread", async () => {
    const calls = await controlCallsDuring(
      async () => void (await call('POST', `/__sim/v1/consultations/${sid}/messages`, { author: 'owner', body: 'She is eating again.' })),
      () => page.locator('[data-testid=message][data-author=owner]', { hasText: 'She is eating again.' }).waitFor(),
    );
    expect(calls.filter((c) => c.includes('/messages'))).toEqual([]);
  });

  it('ending costs 1 POST and at most 1 GET', async () => {
    const calls = await controlCallsDuring(
      () => page.getByRole('button', { name: /^End chat/ }).click(),
      () => expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended'),
    );
    expect(posts(calls)).toEqual([`POST /__sim/v1/consultations/${sid}/end`]);
    expect(gets(calls).length, calls.join('\n')).toBeLessThanOrEqual(1);
    await expect.poll(() => page.locator(`[data-testid=queue-group][data-status="ended,completed,declined,notanswered"] [data-sid="${sid}"]`).count()).toBe(1);
  });
});
