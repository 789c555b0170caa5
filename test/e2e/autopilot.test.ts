// The autopilot's editor in Settings (issue 26), by keyboard: a labelled YAML textarea, Ctrl+Enter saves, a refused
// document lists each problem with its line and path (a button per problem puts the caret there), a good one is what
// the control API then holds; the pending steps are listed, "Run next step" runs one, and the timeline says why.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, screenshotDir, type Session } from './browser';

const SHOTS = screenshotDir();
const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`, 'content-type': 'application/json' };
let session: Session;
let url: string;
let page: Page;

const RULES = `seed: 42
rules:
  - match: { type: chat }
    steps:
      - { after: 20s, do: accept }
      - { after: 5 minutes, say: "Hi, I'm {vet.first_name}. How is {pet.name} today?" }
`;

async function post(path: string, body: object, headers: Record<string, string> = auth) {
  const r = await fetch(url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await r.json();
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

describe('the autopilot editor', () => {
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
  });
  afterAll(async () => session?.close());

  it('shows a refused document\'s problems with their lines, saves a good one with Ctrl+Enter, and runs its steps on the clock', async () => {
    await page.goto(`${url}/__sim/#settings`);
    const rules = page.getByLabel('Rules (YAML)');
    await rules.focus();
    await page.keyboard.insertText(RULES);
    await page.keyboard.press('Control+Enter');
    const problems = page.getByTestId('autopilot-problems');
    await expect.poll(() => problems.textContent()).toContain('rules[0].steps[1].after');
    expect(await problems.textContent()).toContain('Line 6');
    expect(await problems.textContent()).toContain('"5 minutes" is not a duration (use 5m)');
    expect(await (await fetch(`${url}/__sim/v1/autopilot`)).json()).toEqual({ rules: [] }); // nothing changed
    await page.screenshot({ path: join(SHOTS, 'autopilot-editor-problem.png') });

    // The problem's button takes the keyboard to the line to fix.
    await page.getByRole('button', { name: 'Line 6' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('autopilot-rules');
    const selected = await rules.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    expect(selected).toContain('after: 5 minutes');
    await page.keyboard.insertText("      - { after: 5m, say: \"Hi, I'm {vet.first_name}. How is {pet.name} today?\" }");
    await page.keyboard.press('Control+Enter');
    await expect.poll(async () => (await (await fetch(`${url}/__sim/v1/autopilot`)).json()).rules?.[0]?.steps?.[1]?.after).toBe('5m');
    await expect.poll(() => problems.count()).toBe(0);

    await post('/__sim/v1/clock', { frozen: true }, { 'content-type': 'application/json' });
    await post('/api/v2/demo/register-user', { first_name: 'Mira', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    await post('/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' });
    const sid = (await post('/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 })).data.channel as string;
    const table = page.getByTestId('autopilot-pending');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'autopilot-editor.png') });

    await page.getByRole('button', { name: 'Run next step' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await page.goto(`${url}/__sim/#vet/${sid}`);
    await expect.poll(() => page.getByTestId('consultation-status').textContent()).toBe('active');
    await expect.poll(() => page.getByTestId('timeline').textContent()).toContain('The autopilot accepted the chat (rule 0, step 0)');
    // The editor still shows the text as typed (its layout kept), as it says what the simulator holds.
    await page.goto(`${url}/__sim/#settings`);
    await expect.poll(() => page.getByLabel('Rules (YAML)').inputValue()).toContain('- { after: 20s, do: accept }');
  });
});
