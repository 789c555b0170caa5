// The other side of the vet console, the owner's page (issue 37): it follows the system's light or dark theme,
// carries the app's display name, counts characters and refuses more than 1,600, and its error pages fit a 390 px
// phone in the same style, with code where the message names a command (never literal backticks).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';
import { fetchJson } from './fetch-json';
import { partnerCaller } from './partner-calls';

const SHOTS = screenshotDir();
const ALL = ['minor', 'moderate', 'serious', 'critical'];
let session: Session;
let url: string;
let phone: Page;
let displayName: string;

const call = partnerCaller(() => url);
const background = () => phone.evaluate(() => getComputedStyle(document.body).backgroundColor);
const fitsWidth = () => phone.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth);

describe("the owner's page: theme, name, counter and error pages", () => {
  let data: string;
  let sid: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await openSession(['--in-memory']);
    ({ url } = session);
    phone = await session.browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    const chat = await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 });
    data = chat.body.data.stringify_response;
    sid = chat.body.data.channel;
    displayName = (await fetchJson(`${url}/__sim/v1/apps`, 'GET', undefined, {})).body.items.find((a: { name: string }) => a.name === 'demo').display_name;
  }, 60_000);
  afterAll(async () => session?.close());

  it('follows the system theme and carries the app’s display name', async () => {
    for (const [colorScheme, bg] of [['light', 'rgb(255, 255, 255)'], ['dark', 'rgb(15, 20, 25)']] as const) {
      await phone.emulateMedia({ colorScheme });
      await phone.goto(`${url}/demo/main/talk-to-vet?data=${encodeURIComponent(data)}`);
      await expect.poll(() => phone.locator('#state').textContent()).toContain('Waiting');
      expect(await background()).toBe(bg);
      expect(await phone.locator('#brand').textContent()).toBe(`${displayName} · Talk to a vet`);
      expect(await phone.title()).toContain(displayName);
      expect(await fitsWidth()).toBe(true);
      expect(await axeViolations(phone, ALL)).toEqual([]);
      await phone.screenshot({ path: join(SHOTS, `owner-page-chat-${colorScheme}.png`) });
    }
  });

  it('counts characters as the server does and refuses more than 1,600, without cutting the text', async () => {
    const box = phone.getByRole('textbox', { name: 'Message' });
    await box.fill('🐈'.repeat(1600));
    expect(await phone.locator('#composer-count').textContent()).toBe('1,600 / 1,600');
    expect(await phone.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
    await box.fill('b'.repeat(1601));
    expect(await box.inputValue()).toHaveLength(1601);
    expect(await phone.locator('#composer-note').textContent()).toBe('Too long: 1,601 characters, and a message holds at most 1,600. Shorten it by 1.');
    expect(await phone.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await phone.waitForTimeout(1100); // two polls later the refusal is still there
    expect(await phone.locator('#composer-note').textContent()).toMatch(/^Too long/);
    await box.press('Enter');
    const thread = (await fetchJson(`${url}/__sim/v1/consultations/${sid}/messages`, 'GET', undefined, {})).body.items as { author: string }[];
    expect(thread.filter((m) => m.author === 'owner')).toEqual([]);
    await phone.screenshot({ path: join(SHOTS, 'owner-page-too-long.png') });
    await box.fill('');
  });

  it('its error pages fit a 390 px phone in the same style and theme, name the app, and show code, not backticks', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await phone.emulateMedia({ colorScheme });
      for (const [path, status, title] of [
        [`/demo/main/talk-to-vet?data=${encodeURIComponent('{not json')}`, 400, 'This link cannot be opened'],
        ['/demo/main/talk-to-vet', 400, 'This link cannot be opened'],
        [`/nosuchapp/main/talk-to-vet?data=${encodeURIComponent(data)}`, 404, 'Unknown app'],
      ] as const) {
        const res = await phone.goto(url + path);
        expect(res?.status()).toBe(status);
        expect(await phone.getByRole('heading', { level: 1 }).textContent()).toBe(title);
        expect(await fitsWidth()).toBe(true);
        const text = await phone.locator('body').innerText();
        expect(text).not.toContain('`');
        expect(await phone.locator('code').count()).toBeGreaterThan(0);
        expect(await background()).toBe(colorScheme === 'light' ? 'rgb(246, 248, 250)' : 'rgb(15, 20, 25)');
        if (status === 400) expect(text).toContain(`${displayName} · Talk to a vet`);
        expect(await axeViolations(phone, ALL)).toEqual([]);
      }
      await phone.goto(`${url}/demo/main/talk-to-vet?data=${encodeURIComponent('{not json')}`);
      await phone.screenshot({ path: join(SHOTS, `owner-page-error-390-${colorScheme}.png`) });
    }
  });
});
