// Issue 39 in Chromium: every agent action is visible (behaviour §21). An MCP client ('claude-code', the SDK's own
// client over Streamable HTTP at /__sim/mcp) accepts a chat, writes as the vet and arms a hold; the request log
// marks its calls "by agent" (the badge's title names it) and not the partner's, the request detail too; the vet
// console's timeline marks its accept and its message and not the message the tester writes from the console;
// Settings → Holds marks the hold it armed. axe-core finds nothing critical or serious with the badges showing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { axeViolations, openSession, type Session } from './browser';
import { partnerCaller, startChat } from './partner-calls';

const AGENT = 'claude-code';
const TITLE = `Done by the agent ${AGENT} (an MCP client)`;
let session: Session;
let url: string;
let page: Page;
let agent: Client;
let sid: string;
const call = partnerCaller(() => url);

/** A tool's structured answer; a tool error fails the test with its text. */
async function tool(name: string, args: Record<string, unknown>) {
  const r = await agent.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  return r.structuredContent as { result: Record<string, unknown> };
}
const rowsText = (loc: ReturnType<Page['getByTestId']>) => loc.evaluateAll((els) => els.map((e) => e.textContent ?? ''));

describe("the agent's actions in the tester UI", () => {
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    expect((await call('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await call('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '3 years', sex: 'female', species: 'dog' })).status).toBe(200);
    sid = await startChat(call);

    agent = new Client({ name: AGENT, version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${url}/__sim/mcp`)));
    await tool('vet', { action: 'accept', sid });
    await tool('vet', { action: 'write', sid, body: 'Hello, I am Dr. Agent.' });
    expect((await tool('holds', { action: 'arm', endpoint: 'A5' })).result.agent).toBe(AGENT);

    await page.goto(`${url}/__sim/#requests`);
    await page.getByTestId('connection').filter({ hasText: 'Live' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await agent?.close();
    await session?.close();
  });

  it("marks the agent's calls in the request log, with its name in the title, and not the partner's", async () => {
    const rows = page.getByTestId('log-row');
    await expect.poll(() => rows.count()).toBe(6);
    const agentRows = rows.filter({ has: page.getByTestId('by-agent') });
    await expect.poll(() => rowsText(agentRows.locator('.path'))).toEqual([
      '/__sim/v1/holds', `/__sim/v1/consultations/${sid}/messages`, `/__sim/v1/consultations/${sid}/accept`,
    ]);
    expect(await agentRows.getByTestId('by-agent').allTextContents()).toEqual(['by agent', 'by agent', 'by agent']);
    for (const title of await agentRows.getByTestId('by-agent').evaluateAll((els) => els.map((e) => e.getAttribute('title')))) expect(title).toBe(TITLE);
    const partnerRows = rows.filter({ hasNot: page.getByTestId('by-agent') });
    expect(await rowsText(partnerRows.locator('.path'))).toEqual(['/api/v2/demo/talk-to-vet', '/api/v2/demo/pet/add', '/api/v2/demo/register-user']);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/by-agent-log-${colorScheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The agent's accept opened: its detail says who did it too; the partner's talk-to-vet says no agent.
    await agentRows.filter({ hasText: '/accept' }).click();
    const detail = page.getByTestId('request-detail');
    await expect.poll(() => detail.locator('.detail-head .path').textContent()).toBe(`/__sim/v1/consultations/${sid}/accept`);
    expect(await detail.locator('.detail-head').getByTestId('by-agent').getAttribute('title')).toBe(TITLE);
    await partnerRows.filter({ hasText: 'talk-to-vet' }).click();
    await expect.poll(() => detail.locator('.detail-head .path').textContent()).toBe('/api/v2/demo/talk-to-vet');
    expect(await detail.getByTestId('by-agent').count()).toBe(0);
    await page.getByRole('button', { name: 'Close detail' }).click();
  });

  it("marks the agent's accept and message on the console's timeline, and not the tester's own message", async () => {
    await page.goto(`${url}/__sim/#vet/${sid}`);
    await page.locator('[data-testid=message][data-author=vet]', { hasText: 'Hello, I am Dr. Agent.' }).waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Hello from the tester.');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=message][data-author=vet]', { hasText: 'Hello from the tester.' }).waitFor();

    // The vet talk-to-vet chose (it may pick any free vet): the system messages name them.
    const { vet } = await (await fetch(`${url}/__sim/v1/consultations/${sid}`)).json() as { vet: { first_name: string; last_name: string } };
    const dr = `Dr. ${vet.first_name} ${vet.last_name}`;
    const entries = page.getByTestId('timeline').getByTestId('timeline-entry');
    const acts = () => entries.evaluateAll((els) => els.filter((e) => ['vet_action', 'message'].includes((e as HTMLElement).dataset.kind!))
      .map((e) => [e.querySelector('.tl-kind')!.textContent, e.querySelector('.tl-label')!.textContent, e.querySelector('[data-testid=by-agent]')?.getAttribute('title') ?? null]));
    await expect.poll(acts).toEqual([
      ['Message', `Vet Consult: Chat requested for Biscuit: waiting for ${dr} to join.`, null],
      ['Vet', 'The vet accepted the chat by agent', TITLE],
      ['Message', `Vet Consult: ${dr} joined the chat.`, null],
      ['Message', `${dr}: Hello, I am Dr. Agent. by agent`, TITLE],
      ['Message', `${dr}: Hello from the tester.`, null],
    ]);
    // Only those two in the whole timeline: the partner's talk-to-vet that started it is no agent's.
    expect(await page.getByTestId('timeline').getByTestId('by-agent').count()).toBe(2);
    // Each badge stays one box, even at the end of a line (it never breaks between "by" and "agent").
    expect(await page.getByTestId('timeline').getByTestId('by-agent').evaluateAll((els) => els.map((e) => e.getClientRects().length))).toEqual([1, 1]);

    await entries.last().scrollIntoViewIfNeeded();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/by-agent-console-${colorScheme}.png` });
      const box = (await page.getByTestId('rail').boundingBox())!;
      await page.screenshot({ path: `/tmp/by-agent-timeline-${colorScheme}.png`, clip: { x: box.x, y: 250, width: box.width, height: 300 } });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('marks the hold the agent armed in Settings → Holds, and not one the tester arms there', async () => {
    await page.goto(`${url}/__sim/#settings/holds`);
    const form = page.getByRole('form', { name: 'Arm a hold' });
    await form.getByLabel('Endpoint').selectOption('A8');
    await form.getByRole('button', { name: 'Arm hold' }).click();
    const rows = page.getByTestId('holds-table').locator('tbody tr');
    await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['A5 by agent', 'A8']);
    expect(await rows.nth(0).getByTestId('by-agent').getAttribute('title')).toBe(TITLE);
    expect(await rows.nth(1).getByTestId('by-agent').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('holds-panel').screenshot({ path: '/tmp/by-agent-holds.png' });

    // The agent's hold catches the partner's next A5: its card in the held calls says whose hold it was.
    const listing = call('GET', '/api/v2/demo/pet/list?email=mira%40example.com');
    const card = page.getByTestId('held-card');
    await expect.poll(() => card.locator('.held-meta').textContent(), { timeout: 3000 }).toMatch(/held at \d\d:\d\d:\d\d UTC by hold_\d+ by agent/);
    expect(await card.getByTestId('by-agent').getAttribute('title')).toBe(TITLE);
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Release' }).click();
    expect((await listing).status).toBe(200);
  });
});
