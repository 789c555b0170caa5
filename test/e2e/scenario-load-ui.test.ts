// Issue 38: Settings → Data loads a scenario written by hand (YAML), saves the world back, and lists every problem of
// a refused file by path and line, changing nothing.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type Session } from './browser';
import { fetchJson } from './fetch-json';

let session: Session;
let url: string;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), 'scenario-ui-'));
const GOOD = join(dir, 'two-owners.yaml');
const BAD = join(dir, 'broken.yaml');
writeFileSync(GOOD, [
  'scenario: 1',
  'title: Two owners, one chat',
  'users:',
  '  - { email: ann@example.com, first_name: Ann }',
  'pets:',
  '  - { owner: ann@example.com, name: Rex, species: dog, age: 3 years, sex: male }',
  'consultations:',
  '  - { user: ann@example.com, pet: Rex, type: chat, status: waiting, vet: vet_1, created_at: -5m }',
  '',
].join('\n'));
writeFileSync(BAD, ['scenario: 1', 'users:', '  - { email: not-an-email }', 'pets:', '  - { owner: nobody@example.com, name: Rex }', ''].join('\n'));

const control = (path: string) => fetchJson(`${url}/__sim/v1${path}`, 'GET', undefined, {});

async function load(file: string) {
  page.once('dialog', (d) => void d.accept()); // "Replace all simulator data with …?"
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Load scenario…' }).click();
  await (await chooser).setFiles(file);
}

describe('scenarios from Settings → Data', () => {
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${url}/__sim/#settings`);
    await page.getByRole('button', { name: 'Load scenario…' }).waitFor();
  }, 60_000);
  afterAll(async () => session?.close());

  it('loads a YAML scenario: its user and its waiting chat are there', async () => {
    await load(GOOD);
    await expect.poll(async () => (await control('/users')).body.items.length, { timeout: 15_000 }).toBe(1);
    await page.getByText('two-owners.yaml loaded.').first().waitFor({ timeout: 15_000 });
    const users = (await control('/users')).body.items as { email: string }[];
    expect(users.map((u) => u.email)).toEqual(['ann@example.com']);
    expect((await control('/consultations?status=waiting')).body.total).toBe(1);
    expect(await page.getByRole('link', { name: 'Save scenario' }).getAttribute('href')).toBe('/__sim/v1/scenario');
  });

  it('refuses a broken one with each problem by path and line, and changes nothing', async () => {
    await load(BAD);
    const problems = page.getByTestId('scenario-problems');
    await problems.waitFor({ timeout: 15_000 });
    const text = (await problems.textContent()) ?? '';
    expect(text).toMatch(/users\[0\]\.email/);
    expect(text).toMatch(/\(line [345]\)/); // the problems' own lines of the YAML file
    expect((await control('/users')).body.items.map((u: { email: string }) => u.email)).toEqual(['ann@example.com']);
  });
});
