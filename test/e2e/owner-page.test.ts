// The pet owner's page (behaviour §16) in a phone-sized browser against `npm run serve`: opened from a real B10
// stringify_response, it shows the vet, the pet and the state, and carries messages both ways within a second.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';
import { b10Body, BASIC_DEMO } from './partner-bodies';

const SHOTS = screenshotDir();
const RENDERER = join(__dirname, '..', '..', 'out', 'renderer');
const basic = BASIC_DEMO;
interface Message { id: number; index: number; author: string; author_name: string; body: string; created_at: string }

let session: Session;
let url: string;
let page: Page;

const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  fetchJson(url + path, method, body, { 'content-type': 'application/json', ...headers });
/** A chat opened through B10, as a partner's app opens it: its sid and the `data` the owner's page receives. */
async function b10Chat(email: string) {
  const r = await call('POST', '/client/user/demo/v2/talk-to-vet', b10Body(email));
  expect(r.status).toBe(200);
  const data = r.body.data.stringify_response as string;
  const sid = JSON.parse(data).channel as string;
  expect(sid).toMatch(/^CH[0-9a-f]{32}$/);
  return { sid, data };
}
const ownerPage = (data: string) => `${url}/demo/main/talk-to-vet?data=${encodeURIComponent(data)}`;
const messages = async (sid: string) => (await call('GET', `/__sim/v1/consultations/${sid}/messages`)).body.items as Message[];
const messageBox = () => page.getByRole('textbox', { name: 'Message' });
const state = () => page.locator('#state').textContent();

describe("the pet owner's page", () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url } = session);
    // A phone: the page must work at 360 px.
    page = await session.browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true });
  }, 60_000);
  afterAll(async () => session?.close());

  it('is its own bundle: every file the page loads is /__sim/assets/owner-*, the only assets other hosts may fetch', () => {
    const html = readFileSync(join(RENDERER, 'owner.html'), 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => !u.startsWith('data:'));
    expect(refs.length).toBeGreaterThanOrEqual(2); // its script and its stylesheet
    for (const ref of refs) expect(ref).toMatch(/^\/__sim\/assets\/owner-[\w-]+\.(js|css)$/);
    const files = readdirSync(join(RENDERER, 'assets'));
    for (const ref of refs) expect(files).toContain(ref.slice('/__sim/assets/'.length));
    // nothing of the tester UI (React) in it: a phone downloads a few kilobytes
    const js = readFileSync(join(RENDERER, refs.find((r) => r.endsWith('.js'))!.slice('/__sim/'.length)), 'utf8');
    expect(js).not.toMatch(/from\s*["']\.\/index-|react/i);
    expect(js.length).toBeLessThan(30_000);
  });

  it('opened from a B10 stringify_response, shows the vet, the pet and the state, accessibly and at 360 px', async () => {
    const { sid, data } = await b10Chat('priya@example.com');
    const res = await page.goto(ownerPage(data));
    expect(res?.status()).toBe(200);
    await expect.poll(state).toContain('Waiting');
    const consultation = (await call('GET', `/__sim/v1/consultations/${sid}`)).body;
    const header = await page.getByRole('banner').textContent();
    expect(header).toContain(consultation.vet.username);
    expect(header).toContain('Chai');
    // landmarks, one h1, a labelled text box and button, and a polite live region for new messages
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(1);
    expect(await page.locator('[aria-live="polite"]#thread').count()).toBe(1);
    expect(await messageBox().isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(SHOTS, 'owner-page-waiting.png') });
    expect(await axeViolations(page, ['critical', 'serious', 'moderate'])).toEqual([]);
    expect((await call('POST', `/__sim/v1/consultations/${sid}/accept`)).status).toBe(200);
    await expect.poll(state).toContain('joined');
    await call('POST', `/__sim/v1/consultations/${sid}/end`); // frees the vet: three vets serve this whole file
  });

  it("a vet's message appears within a second, and the owner's reaches the control API within a second", async () => {
    const { sid, data } = await b10Chat('omar@example.com');
    await page.goto(ownerPage(data));
    await expect.poll(state).toContain('Waiting');
    const vet = await call('POST', `/__sim/v1/consultations/${sid}/messages`, { author: 'vet', body: 'Hello! How is Chai today?' });
    expect(vet.status).toBe(201);
    expect(vet.body).toMatchObject({ author: 'vet', body: 'Hello! How is Chai today?', index: expect.any(Number) });
    // Within 1 s without a reload (the page polls twice a second).
    await page.locator('#thread li', { hasText: 'Hello! How is Chai today?' }).waitFor({ timeout: 1000 });

    // Keyboard only: Tab reaches the box, Shift+Enter is a new line, Enter sends.
    for (let i = 0; i < 4 && !(await messageBox().evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await messageBox().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Sneezing since yesterday.');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Still eats well.');
    expect(await messageBox().inputValue()).toBe('Sneezing since yesterday.\nStill eats well.');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await messages(sid)).find((m) => m.author === 'owner')?.body, { timeout: 1000 })
      .toBe('Sneezing since yesterday.\nStill eats well.');
    // The box empties once the page has the server's answer, which may come just after the API lists the message.
    await expect.poll(() => messageBox().inputValue(), { timeout: 1000 }).toBe('');
    await page.locator('#thread li[data-author=owner]').waitFor();
    // The Send button sends too.
    await messageBox().fill('A photo is coming.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(async () => (await messages(sid)).filter((m) => m.author === 'owner').length, { timeout: 1000 }).toBe(2);
    // Each message is shown once, in index order, whichever way it arrived (the answer to Send, or the poll).
    // Polled after a poll's time: on a loaded machine the answer to Send (or the poll) can reach the page later still.
    await page.waitForTimeout(700);
    const indexes = (await messages(sid)).map((m) => m.index);
    await expect.poll(() => page.locator('#thread li').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.index)))).toEqual(indexes);
    await call('POST', `/__sim/v1/consultations/${sid}/end`);
  });

  it('after A10 the page says the chat ended and its composer is disabled', async () => {
    const { sid, data } = await b10Chat('lena@example.com');
    await page.goto(ownerPage(data));
    await expect.poll(state).toContain('Waiting');
    expect((await call('POST', '/api/v2/demo/end', { channel_sid: sid }, basic)).status).toBe(200);
    await expect.poll(state, { timeout: 1500 }).toContain('This chat has ended.');
    await expect.poll(() => messageBox().isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await page.locator('#composer-note').textContent()).toMatch(/ended/);
    // the ended chat refuses a message on the page's own API too: 409, nothing added
    const token = JSON.parse(data).rtcToken as string;
    const before = (await messages(sid)).length;
    const refused = await call('POST', `/demo/main/talk-to-vet/api/consultations/${sid}/messages`, { body: 'Hello?' }, { authorization: `Bearer ${token}` });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('consultation_closed');
    expect((await messages(sid)).length).toBe(before);
    await page.screenshot({ path: join(SHOTS, 'owner-page-ended.png') });
    expect(await axeViolations(page, ['critical', 'serious', 'moderate'])).toEqual([]);
  });

  it('a video consultation shows its call state live and has no composer', async () => {
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' }, basic);
    const pet = await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' }, basic);
    const call8 = await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'video', pet_id: pet.body.data.pet.id }, basic);
    const { channel: room, stringify_response: data } = call8.body.data as { channel: string; stringify_response: string };
    await page.goto(ownerPage(data));
    await expect.poll(state).toContain('Ringing');
    expect(await page.locator('#composer').isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Video call');
    await call('POST', `/__sim/v1/consultations/${room}/outcome`, { status: 'accepted' });
    await expect.poll(state, { timeout: 1500 }).toContain('In call');
    await page.screenshot({ path: join(SHOTS, 'owner-page-video.png') });
    await call('POST', `/__sim/v1/consultations/${room}/end`);
    await expect.poll(state, { timeout: 1500 }).toContain('Completed');
    expect(await page.locator('#composer').isVisible()).toBe(false);
  });

  it('a token the server refuses (401) gives a readable message, and nothing is posted', async () => {
    const { sid, data } = await b10Chat('kai@example.com');
    const parsed = JSON.parse(data) as { rtcToken: string };
    const [head, payload, signature] = parsed.rtcToken.split('.');
    const forged = JSON.stringify({ ...parsed, rtcToken: `${head}.${payload}.${signature.slice(0, -4)}AAAA` });
    const posts: string[] = [];
    const onRequest = (r: { method(): string; url(): string }) => void (r.method() === 'POST' && posts.push(r.url()));
    page.on('request', onRequest);
    await page.goto(ownerPage(forged));
    await expect.poll(state).toContain('did not accept');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link no longer works');
    expect(await messageBox().isVisible()).toBe(false);
    expect(posts).toEqual([]);
    expect((await messages(sid)).filter((m) => m.author === 'owner')).toEqual([]);
    page.off('request', onRequest);
    await call('POST', `/__sim/v1/consultations/${sid}/end`);
  });

  it('bad or missing data: the server answers a readable 4xx page, and the page itself copes too', async () => {
    const res = await page.goto(`${url}/demo/main/talk-to-vet?data=${encodeURIComponent('{not json')}`);
    expect(res?.status()).toBeGreaterThanOrEqual(400);
    expect(res?.status()).toBeLessThan(500);
    expect(res?.headers()['content-type']).toMatch(/text\/html/);
    expect((await page.locator('body').innerText()).trim().length).toBeGreaterThan(20);
    // The page's own checks, whatever the server lets through: the built page served for each bad link.
    await page.route(/\/demo\/main\/talk-to-vet\?/, (route) => route.fulfill({ status: 200, contentType: 'text/html', path: join(RENDERER, 'owner.html') }));
    const cases: [string, RegExp][] = [
      ['', /has no data/],
      ['?data=%7Bnope', /cannot be read/],
      [`?data=${encodeURIComponent(JSON.stringify({ user: { id: 1 } }))}`, /no access token/],
    ];
    for (const [query, text] of cases) {
      await page.goto(`${url}/demo/main/talk-to-vet?x=1${query.replace('?', '&')}`);
      await expect.poll(state).toMatch(text);
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await messageBox().isVisible()).toBe(false);
    }
    await page.screenshot({ path: join(SHOTS, 'owner-page-bad-link.png') });
    await page.unroute(/\/demo\/main\/talk-to-vet\?/);
  });
});
