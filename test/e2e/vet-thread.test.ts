// One person demoing both sides of a chat (behaviour §16): the vet console in one window, the owner's page
// (opened from the console's link) in another, messages crossing within a second without a reload; the
// timeline links to the request log and the request log back to the consultation.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';
import { b10Body, BASIC_DEMO } from './partner-bodies';

const SHOTS = screenshotDir();
const basic = BASIC_DEMO;

let session: Session;
let url: string;
let page: Page; // the vet console, at the tester's usual window size
let phone: Page; // the owner's page, at a phone's
let sid: string;
let detail: Locator;

const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  fetchJson(url + path, method, body, { 'content-type': 'application/json', ...headers });
const consultation = async (id: string) => (await call('GET', `/__sim/v1/consultations/${id}`)).body;
const messageBox = (where: Page | Locator) => where.getByRole('textbox', { name: 'Message' });
const ownerState = () => phone.locator('#state').textContent();

describe('the vet console thread beside the owner page', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    phone = await session.browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const chat = await call('POST', '/client/user/demo/v2/talk-to-vet', b10Body('priya@example.com'));
    expect(chat.status).toBe(200);
    sid = JSON.parse(chat.body.data.stringify_response).channel;
    detail = page.getByTestId('consultation-detail');
  }, 60_000);
  afterAll(async () => session?.close());

  it("the console links to the owner's page of the selected chat", async () => {
    await page.goto(`${url}/__sim/`);
    await expect.poll(() => page.getByTestId('connection').textContent()).toContain('Live');
    await page.getByRole('tab', { name: 'Vet console' }).click();
    await page.locator(`[data-testid=queue-item][data-sid="${sid}"]`).click();
    const link = detail.getByRole('link', { name: "Open the owner's page" });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe((await consultation(sid)).owner_page_url);
    const owner = new URL(href);
    expect(owner.pathname).toBe('/demo/main/talk-to-vet');
    expect(JSON.parse(owner.searchParams.get('data')!).rtcToken).toEqual(expect.any(String));
    await phone.goto(href);
    await expect.poll(ownerState).toContain('Waiting');
  });

  it('a quick reply fills the box, Send posts as the vet, and the owner sees it within a second', async () => {
    await detail.getByRole('button', { name: 'Accept chat' }).click();
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
    const view = await consultation(sid);
    const greeting = `Hi, I'm ${view.vet.first_name}. How is Chai today?`;
    await detail.getByRole('button', { name: greeting }).click();
    expect(await messageBox(detail).inputValue()).toBe(greeting);
    expect(await messageBox(detail).evaluate((el) => el === document.activeElement)).toBe(true);
    await detail.getByRole('button', { name: 'Send', exact: true }).click();
    await detail.locator('[data-testid=message][data-author=vet]', { hasText: greeting }).waitFor();
    // The message can come by the event stream before the answer to Send, which is what empties the box.
    await expect.poll(() => messageBox(detail).inputValue()).toBe('');
    await phone.locator('#thread li', { hasText: greeting }).waitFor({ timeout: 1000 });
    const listed = (await call('GET', `/__sim/v1/consultations/${sid}/messages`)).body.items as { author: string; body: string }[];
    expect(listed.find((m) => m.body === greeting)?.author).toBe('vet');
  });

  it("the owner's message reaches the control API and the console within a second, without a reload", async () => {
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
    await messageBox(phone).fill('She has been sneezing since yesterday.');
    await messageBox(phone).press('Enter');
    await expect
      .poll(async () => ((await call('GET', `/__sim/v1/consultations/${sid}/messages`)).body.items as { author: string; body: string }[]).find((m) => m.author === 'owner')?.body, { timeout: 1000 })
      .toBe('She has been sneezing since yesterday.');
    await detail.locator('[data-testid=message][data-author=owner]', { hasText: 'She has been sneezing since yesterday.' }).waitFor({ timeout: 1000 });
    expect(navigations).toEqual([]);
    page.removeAllListeners('framenavigated');
    // Enter sends from the console too.
    await detail.getByRole('button', { name: 'Could you send a photo?' }).click();
    await messageBox(detail).press('Enter');
    await phone.locator('#thread li', { hasText: 'Could you send a photo?' }).waitFor({ timeout: 1000 });
    await detail.locator('[data-testid=message]', { hasText: 'Could you send a photo?' }).waitFor();
    await page.waitForTimeout(300); // the last bubble's scroll settles
    await phone.screenshot({ path: join(SHOTS, 'owner-page.png') });
    await page.screenshot({ path: join(SHOTS, 'vet-console-thread.png') });
  });

  it('the timeline lists the B10 request, the vet action and the messages, and links to the request log and back', async () => {
    const timeline = page.getByTestId('timeline');
    await expect.poll(async () => new Set(await timeline.getByTestId('timeline-entry').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.kind)))).toEqual(new Set(['request', 'vet_action', 'message']));
    const entries = (await consultation(sid)).timeline as { at: string; kind: string; request_id?: number }[];
    expect(entries.map((e) => e.at)).toEqual(entries.map((e) => e.at).slice().sort());
    const b10 = entries.find((e) => e.kind === 'request' && e.request_id !== undefined)!;
    const link = timeline.getByRole('link', { name: /B10/ });
    expect(await link.getAttribute('href')).toBe(`#requests/${b10.request_id}`);
    await link.click();
    await expect.poll(() => page.getByRole('tab', { name: 'Request log' }).getAttribute('aria-selected')).toBe('true');
    const request = page.getByTestId('request-detail');
    await expect.poll(() => request.textContent()).toContain('/client/user/demo/v2/talk-to-vet');
    // The response names the consultation (B10: inside data.stringify_response): it links back to the console.
    await request.getByTestId('request-consultation').getByRole('link', { name: sid }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Vet console' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => detail.textContent()).toContain(sid);
    await detail.getByTestId('thread').waitFor();
  });

  it("after A10 the console's composer gives way to the reason (issue 37: nothing disabled for show), and the owner's page says the chat ended", async () => {
    expect((await call('POST', '/api/v2/demo/end', { channel_sid: sid }, basic)).status).toBe(200);
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('ended');
    await expect.poll(() => messageBox(detail).count()).toBe(0);
    expect(await detail.getByTestId('composer-note').textContent()).toMatch(/ended/);
    expect(await detail.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
    await expect.poll(ownerState, { timeout: 1500 }).toContain('This chat has ended.');
    expect(await messageBox(phone).isDisabled()).toBe(true);
    // The A10 request is on the timeline too, and its entry in the log names the consultation.
    await expect.poll(async () => page.getByTestId('timeline').getByRole('link', { name: /A10/ }).count()).toBe(1);
  });

  it('a video call: the console shows no composer but the call', async () => {
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' }, basic);
    const pet = await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' }, basic);
    const video = await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'video', pet_id: pet.body.data.pet.id }, basic);
    const room = video.body.data.channel as string;
    await page.locator(`[data-testid=queue-item][data-sid="${room}"]`).click();
    // A loaded machine (CI, a suite beside it) can take seconds to fetch the detail: margin, not a changed claim.
    await expect.poll(() => detail.textContent(), { timeout: 10_000 }).toContain(room);
    expect(await messageBox(detail).count()).toBe(0);
    expect(await detail.getByTestId('call-stage').getAttribute('data-state')).toBe('ringing');
    // A8's response names the room: the log's detail links to it.
    await page.getByRole('tab', { name: 'Request log' }).click();
    await page.getByTestId('log-row').filter({ hasText: '/api/v2/demo/talk-to-vet' }).first().click();
    await expect.poll(() => page.getByTestId('request-consultation').textContent()).toContain(room);
  });

  it("the log's filter finds requests by text in their bodies: the chat's sid finds its requests", async () => {
    await page.getByRole('tab', { name: 'Request log' }).click();
    const filter = page.getByRole('textbox', { name: 'Filter requests' });
    // B10 names the chat only inside its answer, A10 only in its body: neither path contains the sid.
    const expected = (await call('GET', `/__sim/v1/requests?q=${sid}&limit=100`)).body.items.map((r: { id: number }) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await filter.fill(sid);
    await expect
      .poll(async () => (await page.getByTestId('log-row').allTextContents()).length, { timeout: 2000 })
      .toBe(expected.length);
    await expect.poll(async () => (await page.getByTestId('log-row').allTextContents()).some((t) => t.includes('/api/v2/demo/end'))).toBe(true);
    await filter.fill('');
  });
});
