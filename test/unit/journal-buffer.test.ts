// Issue 14: the journal holds recent entries as recorded and compresses them in a later batch. Readers
// must not tell the difference: an entry is readable, searchable and exportable right after its
// response, masked as it will be stored, and reads the same once it is written out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';
import type { JournalRecord } from '../../src-main/core/journal';

let h: Harness;
beforeEach(async () => {
  // Only the journal's batch timer is held still; HTTP and the database run for real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  h = await makeSim();
});
afterEach(async () => {
  vi.useRealTimers();
  await h.sim.close();
});

const entry = (i: number, body: string | null = null): JournalRecord => ({
  time: '2030-01-01 08:00:00.000', app: 'demo', family: 'application', endpoint: i % 2 ? 'A5' : 'A1', method: 'GET',
  path: '/api/v2/demo/pet/list', query: `email=user${i}@example.com`, status: i % 3 ? 200 : 404, duration_ms: 1,
  request_headers: { accept: 'application/json' }, request_body: null, response_headers: { 'content-type': 'application/json' },
  response_body: body ?? `{"n":${i}}`, error: null, truncated: false,
});

/** Everything a reader can see of the journal, through the control API. */
async function everything(id: number) {
  return {
    entry: (await h.ctl.get(`/requests/${id}`)).body,
    list: (await h.ctl.get('/requests')).body,
    search: (await h.ctl.get('/requests?q=zebulon')).body,
    count: (await h.ctl.get('/requests/count?family=client')).body,
    har: (await h.ctl.get('/requests.har')).body.log.entries,
  };
}

describe('the journal buffer (issue 14)', () => {
  it('a request is readable right after its response, before it is written out, and reads the same afterwards', async () => {
    const journal = h.sim.services.journal;
    const res = await h.registerClient({ first_name: 'Zebulon' });
    expect(res.status).toBe(200);
    expect(journal.held().entries).toBe(1);
    const id = (await h.ctl.get('/requests')).body.items[0].id;
    const before = await everything(id);
    expect(before.entry).toMatchObject({ id, endpoint: 'B9', status: 200, family: 'client' });
    expect(before.entry.request_body).toContain('Zebulon');
    expect(before.search).toMatchObject({ total: 1, items: [{ id }] });
    expect(before.count).toEqual({ count: 1 });
    expect(before.har).toHaveLength(1);
    expect(journal.held().entries).toBe(1); // reading did not write anything out
    journal.flush();
    expect(journal.held().entries).toBe(0);
    expect(await everything(id)).toEqual(before);
  });

  it('secrets are masked in the entries held in memory, as in the stored ones', async () => {
    const journal = h.sim.services.journal;
    await h.registerClient({ password: 'hunter2-secret' });
    await h.http.get('/api/v2/demo/media-url').set('authorization', DEMO_AUTH);
    expect(journal.held().entries).toBe(2);
    const [media, client] = (await h.ctl.get('/requests')).body.items;
    const registered = (await h.ctl.get(`/requests/${client.id}`)).body;
    expect(registered.request_body).not.toContain('hunter2-secret');
    expect(JSON.parse(registered.request_body).password).toBe('***');
    expect((await h.ctl.get(`/requests/${media.id}`)).body.request_headers.authorization).toBe('Basic demo:***');
    expect((await h.ctl.get('/requests?q=hunter2')).body.total).toBe(0);
    const har = JSON.stringify((await h.ctl.get('/requests.har')).body);
    expect(har).not.toContain('hunter2-secret');
    expect(har).not.toContain('demo-secret');
  });

  it('holds a bounded number of entries and bytes however fast requests come', async () => {
    const journal = h.sim.services.journal;
    const big = JSON.stringify({ data: 'x'.repeat(60 * 1024) });
    const { maxEntries, maxBytes } = journal.held();
    for (let i = 0; i < 2_000; i++) {
      journal.record(entry(i, i % 2 ? big : null));
      const held = journal.held();
      expect(held.entries).toBeLessThan(maxEntries);
      expect(held.bytes).toBeLessThan(maxBytes);
    }
    expect((await h.ctl.get('/requests/count')).body).toEqual({ count: 2_000 });
    expect((await h.ctl.get('/requests/2')).body.response_body).toBe(big);
    expect((await h.ctl.get('/requests/1999')).body.response_body).toBe('{"n":1998}');
  });

  it('filters, pages and totals span held and stored entries alike', async () => {
    const journal = h.sim.services.journal;
    for (let i = 0; i < 6; i++) journal.record(entry(i));
    journal.flush();
    for (let i = 6; i < 12; i++) journal.record(entry(i));
    expect(journal.held().entries).toBe(6);
    const ids = (q: string) => h.ctl.get(`/requests${q}`).then((r) => ({ ids: r.body.items.map((e: { id: number }) => e.id), total: r.body.total }));
    expect(await ids('?limit=4')).toEqual({ ids: [12, 11, 10, 9], total: 12 });
    expect(await ids('?before=9&limit=4')).toEqual({ ids: [8, 7, 6, 5], total: 12 });
    expect(await ids('?after=4&limit=100')).toEqual({ ids: [12, 11, 10, 9, 8, 7, 6, 5], total: 12 });
    expect(await ids('?endpoint=A5&status=2xx')).toEqual({ ids: [12, 8, 6, 2], total: 4 });
    expect(await ids('?q=user11@')).toEqual({ ids: [12], total: 1 });
    expect(await ids('?q=A1&before=12&limit=2')).toEqual({ ids: [11, 9], total: 6 });
    expect((await h.ctl.get('/requests.har?limit=3')).body.log.entries.map((e: { request: { url: string } }) => e.request.url)).toEqual([
      'http://127.0.0.1:4010/api/v2/demo/pet/list?email=user9@example.com',
      'http://127.0.0.1:4010/api/v2/demo/pet/list?email=user10@example.com',
      'http://127.0.0.1:4010/api/v2/demo/pet/list?email=user11@example.com',
    ]);
    const before = (await h.ctl.get('/requests?limit=100')).body;
    journal.flush();
    expect((await h.ctl.get('/requests?limit=100')).body).toEqual(before);
  });

  it('a full batch is written out at once and reads exactly as it did while held', async () => {
    const journal = h.sim.services.journal;
    const batch = journal.held().maxEntries;
    for (let i = 0; i < batch - 1; i++) journal.record(entry(i, i === 7 ? '{"needle":"haystack"}' : null));
    expect(journal.held().entries).toBe(batch - 1);
    const read = async () => ({
      page: (await h.ctl.get('/requests?limit=1000')).body,
      one: (await h.ctl.get('/requests/8')).body,
      search: (await h.ctl.get('/requests?q=HAYSTACK')).body,
      har: (await h.ctl.get('/requests.har?q=user7@')).body.log.entries,
    });
    const whileHeld = await read();
    expect(whileHeld.search.total).toBe(1);
    expect(whileHeld.har).toHaveLength(1);
    journal.record(entry(batch - 1)); // the batch is full: compressed and written in one go
    expect(journal.held().entries).toBe(0);
    journal.record(entry(batch));
    expect(journal.held().entries).toBe(1);
    const written = await read();
    expect(written.one).toEqual(whileHeld.one);
    expect(written.search).toEqual(whileHeld.search);
    expect(written.har).toEqual(whileHeld.har);
    expect(written.page.total).toBe(batch + 1);
    expect(written.page.items.slice(2)).toEqual(whileHeld.page.items);
  });

  it('the cap holds for readers while entries are held, before any flush trims the file', async () => {
    const small = await makeSim({ journalCap: 150 });
    try {
      const journal = small.sim.services.journal;
      for (let i = 0; i < 120; i++) journal.record(entry(i));
      journal.flush();
      for (let i = 120; i < 400; i++) journal.record(entry(i));
      expect(journal.held().entries).toBe(280);
      const view = async () => ({
        count: (await small.ctl.get('/requests/count')).body.count,
        page: (await small.ctl.get('/requests?limit=1000')).body,
        oldestShown: (await small.ctl.get('/requests/251')).status,
        pastCap: (await small.ctl.get('/requests/250')).status,
        searched: (await small.ctl.get('/requests?q=user3')).body.total,
        har: (await small.ctl.get('/requests.har')).body.log.entries.length,
      });
      const held = await view();
      expect(held.count).toBe(150);
      expect(held.page.total).toBe(150);
      expect(held.page.items.map((e: { id: number }) => e.id)).toEqual(Array.from({ length: 150 }, (_, i) => 400 - i));
      expect(held.oldestShown).toBe(200);
      expect(held.pastCap).toBe(404);
      expect(held.searched).toBe(100); // user300–user399 are in view; user3 and user30–39 are past the cap
      expect(held.har).toBe(150);
      journal.flush();
      expect(await view()).toEqual(held);
    } finally {
      await small.sim.close();
    }
  });
});
