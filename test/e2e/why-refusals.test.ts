// Issue 37: the why of a refused partner call, in the request detail — a 401 with a wrong password, a 422 on `age`,
// a 404 for an unknown slug, a 503 with every vet offline and a 429 past the rate limit — each in the simulator's
// words, never with the secret, and never in what the client got.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, openSession, type Session } from './browser';
import { fetchJson } from './fetch-json';
import { BASIC_DEMO } from './partner-bodies';

let session: Session;
let url: string;
let page: Page;
const partner = (method: string, path: string, body?: object, auth: Record<string, string> = BASIC_DEMO) =>
  fetchJson(url + path, method, body, { 'content-type': 'application/json', ...auth });
const control = (method: string, path: string, body?: object) => fetchJson(`${url}/__sim/v1${path}`, method, body, { 'content-type': 'application/json' });

/** The newest journal entry with this status: its id. */
async function newest(status: number): Promise<number> {
  const { body } = await control('GET', `/requests?limit=50`);
  return (body.items as { id: number; status: number }[]).find((r) => r.status === status)!.id;
}

describe('the why of a refused call, in the request detail', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    session = await openSession(['--in-memory']);
    ({ url, page } = session);
    const wrong = { authorization: `Basic ${Buffer.from('demo:wrong-pass').toString('base64')}` };
    expect((await partner('GET', '/api/v2/demo/pet/list?email=a@b.co', undefined, wrong)).status).toBe(401);
    ids[401] = await newest(401);
    await partner('POST', '/api/v2/demo/register-user', { first_name: 'Mira', last_name: 'Lind', email: 'mira@example.com', role: 'users', dev_type: 'ios' });
    expect((await partner('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: 'two', sex: 'female', species: 'dog' })).status).toBe(422);
    ids[422] = await newest(422);
    expect((await partner('GET', '/api/v2/nope/pet/list?email=a@b.co')).status).toBe(404);
    ids[404] = await newest(404);
    await partner('POST', '/api/v2/demo/pet/add', { email: 'mira@example.com', name: 'Biscuit', age: '2 years', sex: 'female', species: 'dog' });
    const vets = (await control('GET', '/vets')).body.items as { id: string }[];
    for (const v of vets) await control('PATCH', `/vets/${v.id}`, { online: false });
    expect((await partner('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 })).status).toBe(503);
    ids[503] = await newest(503);
    for (const v of vets) await control('PATCH', `/vets/${v.id}`, { online: true });
    await control('PATCH', '/apps/1', { rate_limit_per_minute: 1 });
    let status = 0;
    for (let i = 0; i < 3 && status !== 429; i++) status = (await partner('GET', '/api/v2/demo/pet/list?email=mira@example.com')).status;
    expect(status).toBe(429);
    ids[429] = await newest(429);
    await control('PATCH', '/apps/1', { rate_limit_per_minute: 200 });
  }, 60_000);
  afterAll(async () => session?.close());

  const EXPECTED: [number, RegExp, string?][] = [
    [401, /password differs from app demo/i, 'wrong-pass'],
    [422, /<n> years/],
    [404, /nope[\s\S]*demo/i],
    [503, /offline/i],
    [429, /window|reset/i],
  ];
  for (const [[width, height], colorScheme] of [[[1024, 768], 'light'], [[1440, 900], 'dark']] as const) {
    it(`shows each one, at ${width}×${height} (${colorScheme})`, async () => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      for (const [status, says, secret] of EXPECTED) {
        await page.goto(`${url}/__sim/#requests/${ids[status]}`);
        const why = page.getByTestId('request-why');
        // After the first, each goto changes only the hash: the previous entry's why is still drawn until the
        // hashchange has the detail read the new entry, so its words are polled, not read once.
        await expect.poll(async () => (await why.textContent()) ?? '', { timeout: 10_000, message: `the why of the ${status}` }).toMatch(says);
        const text = (await why.textContent()) ?? '';
        if (secret) expect(text).not.toContain(secret);
      }
      expect(await axeViolations(page, ['minor', 'moderate', 'serious', 'critical'])).toEqual([]);
    });
  }
});
