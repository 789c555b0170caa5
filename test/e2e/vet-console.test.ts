// The vet console with a long queue (issue 12 item 10): the columns show the server's totals, not a page
// length, a ringing call is never hidden behind waiting chats, and the pager reaches the last chat.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, screenshotDir, type Session } from './browser';

const SHOTS = screenshotDir();
const CHATS = 250;
const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
let session: Session;
let url: string;
let page: Page;
let firstChat: string;
let call: string;

async function post(path: string, body: object) {
  const r = await fetch(url + path, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  const json = await r.json();
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data;
}
const group = (status: string) => page.locator(`[data-testid=queue-group][data-status="${status}"]`);

describe('vet console with a long queue', () => {
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    const unlimited = await fetch(`${url}/__sim/v1/apps/1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"rate_limit_per_minute":0}' });
    expect(unlimited.status).toBe(200);
    await post('/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await post('/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    firstChat = (await post('/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 })).channel;
    for (let i = 1; i < CHATS; i += 25)
      await Promise.all(Array.from({ length: Math.min(25, CHATS - i) }, () => post('/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 })));
    call = (await post('/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'video', pet_id: 1 })).channel;
  }, 120_000);
  afterAll(async () => session?.close());

  it('shows 250 waiting chats and 1 ringing call, and the pager reaches the longest-waiting chat', async () => {
    await page.goto(`${url}/__sim/`);
    await page.getByRole('tab', { name: 'Vet console' }).click();
    await expect.poll(() => group('waiting').getByTestId('queue-total').textContent(), { timeout: 15_000 }).toBe('250');
    await expect.poll(() => group('ringing').getByTestId('queue-total').textContent()).toBe('1');
    await group('ringing').locator(`[data-testid=queue-item][data-sid="${call}"]`).waitFor();
    // The heading's total comes with the counts, the column's first page with its own read, which may come later.
    await expect.poll(() => group('waiting').getByTestId('queue-item').count()).toBe(25);
    expect(await group('waiting').getByTestId('queue-range').textContent()).toBe('1–25 of 250');
    await page.screenshot({ path: join(SHOTS, 'vet-console-queue.png') });

    await page.getByRole('button', { name: 'Last page of Waiting chats' }).click();
    await expect.poll(() => group('waiting').getByTestId('queue-range').textContent()).toBe('226–250 of 250');
    const oldest = group('waiting').locator(`[data-testid=queue-item][data-sid="${firstChat}"]`);
    await oldest.waitFor();
    await oldest.click();
    await page.getByTestId('consultation-detail').getByRole('button', { name: 'Accept chat' }).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
    // Accepting moves it to "In progress": both totals follow, and the pager stays on a page that exists.
    await expect.poll(() => group('waiting').getByTestId('queue-total').textContent()).toBe('249');
    await expect.poll(() => group('active,accepted').getByTestId('queue-total').textContent()).toBe('1');
    await expect.poll(() => group('waiting').getByTestId('queue-range').textContent()).toBe('226–249 of 249');
    await page.screenshot({ path: join(SHOTS, 'vet-console-last-page.png') });
  });
});
