// Issue 14: the journal masks each distinct header set, Authorization value and query string once and
// shares the result between the entries that repeat it. Sharing must never mix entries up: every
// entry shows its own masked values, a credentials export gives each entry back its own secrets, and
// masking holds however many distinct values pass through (the memo tables start over when full).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, DEMO_AUTH, makeSim, type Harness } from '../helpers';
import { journalTime } from '../../src-main/core/journal/time';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
});
afterEach(async () => {
  await h.sim.close();
});

interface HarEntry { request: { url: string; headers: { name: string; value: string }[] } }
const har = async (credentials: 'include' | 'omit') =>
  ((await h.ctl.get(`/requests.har?credentials=${credentials}`)).body as { log: { entries: HarEntry[] } }).log.entries;
const header = (e: HarEntry, name: string) => e.request.headers.find((x) => x.name === name)?.value;

describe('journal masking shared between repeated requests (issue 14)', () => {
  it('alternating Authorization values: each entry shows its own user masked and exports its own secret', async () => {
    const wrong = basic('demo', 'not-the-secret');
    const other = basic('someone', 'else');
    const sent = [DEMO_AUTH, wrong, DEMO_AUTH, other, wrong, DEMO_AUTH];
    await h.registerUser();
    for (const auth of sent) await h.http.get('/api/v2/demo/pet/list?email=ann@example.com').set('authorization', auth);
    const items = (await h.ctl.get('/requests?endpoint=A5&limit=10')).body.items.reverse() as { id: number; status: number }[];
    expect(items.map((e) => e.status)).toEqual([200, 401, 200, 401, 401, 200]);
    const shown = await Promise.all(items.map(async (e) => (await h.ctl.get(`/requests/${e.id}`)).body.request_headers.authorization));
    expect(shown).toEqual(['Basic demo:***', 'Basic demo:***', 'Basic demo:***', 'Basic someone:***', 'Basic demo:***', 'Basic demo:***']);
    expect((await har('include')).slice(1).map((e) => header(e, 'authorization'))).toEqual(sent);
    // The export put secrets back in a copy: the journal and a masked export still show none.
    expect((await har('omit')).slice(1).map((e) => header(e, 'authorization'))).toEqual(shown);
    expect((await h.ctl.get(`/requests/${items[1].id}`)).body.request_headers.authorization).toBe('Basic demo:***');
  });

  it('a header set repeated but for a secret header: every entry masks it and exports its own value', async () => {
    for (const cookie of ['session=aaa', 'session=bbb', 'session=aaa']) {
      await h.http.get('/api/v2/demo/media-url').set('authorization', DEMO_AUTH).set('cookie', cookie).set('x-api-key', `key-${cookie}`);
    }
    const masked = await har('omit');
    expect(masked.map((e) => [header(e, 'cookie'), header(e, 'x-api-key')])).toEqual(Array(3).fill(['***', '***']));
    const raw = await har('include');
    expect(raw.map((e) => [header(e, 'cookie'), header(e, 'x-api-key'), header(e, 'authorization')])).toEqual([
      ['session=aaa', 'key-session=aaa', DEMO_AUTH],
      ['session=bbb', 'key-session=bbb', DEMO_AUTH],
      ['session=aaa', 'key-session=aaa', DEMO_AUTH],
    ]);
  });

  it('a query string repeated with a secret in it is masked every time, and masking holds past the memo tables\' size', async () => {
    for (let i = 0; i < 3; i++) await h.get('/api/v2/demo/pet/list?email=ann@example.com&password=hunter2');
    // More distinct queries and Authorization values than the memo tables keep, then the first ones again.
    for (let i = 0; i < 1_100; i++) {
      await h.http.get(`/api/v2/demo/pet/list?email=u${i}@example.com&api_key=k${i}`).set('authorization', basic(`user${i % 300}`, `pw${i}`));
    }
    await h.get('/api/v2/demo/pet/list?email=ann@example.com&password=hunter2');
    const list = JSON.stringify((await h.ctl.get('/requests.har?limit=100000')).body);
    expect(list).not.toContain('hunter2');
    expect(list).not.toMatch(/api_key=k\d/);
    expect(list).not.toMatch(/pw\d/);
    const last = (await h.ctl.get('/requests?limit=1')).body.items[0].id as number;
    const e = (await h.ctl.get(`/requests/${last}`)).body;
    expect(e.query).toBe('email=ann@example.com&password=***');
    expect((await h.ctl.get(`/requests/${last - 1}`)).body).toMatchObject({ query: 'email=u1099@example.com&api_key=***', request_headers: { authorization: 'Basic user199:***' } });
  }, 60_000);
});

describe('journal times formatted once per second (issue 14)', () => {
  it('match the full format for every millisecond, across seconds, days and a clock set back', () => {
    const full = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
    const starts = [Date.UTC(2030, 0, 1, 23, 59, 59, 990), Date.UTC(1999, 11, 31, 23, 59, 58, 0), 0, Date.UTC(2030, 0, 1, 8, 0, 0, 5)];
    for (const start of starts) for (let ms = start; ms < start + 1_500; ms += 7) expect(journalTime(ms)).toBe(full(ms));
    expect(journalTime(Date.UTC(2030, 0, 1, 8, 0, 0, 999))).toBe('2030-01-01 08:00:00.999');
    expect(journalTime(Date.UTC(2030, 0, 1, 7, 59, 59, 1))).toBe('2030-01-01 07:59:59.001'); // earlier than the one before
    expect(journalTime(Date.UTC(2030, 0, 1, 8, 0, 0, 999))).toBe('2030-01-01 08:00:00.999');
  });
});
