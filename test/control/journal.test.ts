// Issue 13, "a journal you can assert on": filtered totals, body search, time ranges, millisecond
// timestamps and a count endpoint, all with the same filters.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_REGISTRATION, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
});
afterEach(async () => h.sim.close());

const T0 = Date.parse('2030-01-01T08:00:00.123Z');
const setClock = (ms: number) => h.ctl.post('/clock', { set: new Date(ms).toISOString() });

describe('journal queries (issue 13)', () => {
  it('timestamps carry milliseconds', async () => {
    await h.ctl.post('/clock', { frozen: true });
    await setClock(T0);
    await h.http.get('/api/v2/demo/media-url');
    const [item] = (await h.ctl.get('/requests')).body.items;
    expect(item.time).toBe('2030-01-01T08:00:00.123Z'); // ISO 8601 with its zone (issue 35 #25)
    expect((await h.ctl.get(`/requests/${item.id}`)).body.time).toBe('2030-01-01T08:00:00.123Z');
    expect((await h.ctl.get('/requests.har')).body.log.entries[0].startedDateTime).toBe('2030-01-01T08:00:00.123Z');
  });

  it('total is the size of the filtered set, whatever the page', async () => {
    for (let i = 0; i < 3; i++) await h.http.get('/api/v2/demo/media-url');
    for (let i = 0; i < 2; i++) await h.get('/api/v2/demo/pet/list?email=nobody@example.com');
    const page = (await h.ctl.get('/requests?endpoint=A5&limit=1')).body;
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(2);
    const older = (await h.ctl.get(`/requests?endpoint=A5&before=${page.items[0].id}`)).body;
    expect(older).toMatchObject({ total: 2, items: [{ endpoint: 'A5' }] });
    expect((await h.ctl.get('/requests?status=2xx')).body.total).toBe(3);
    expect((await h.ctl.get('/requests?method=get&family=application')).body.total).toBe(5);
    expect((await h.ctl.get('/requests')).body.total).toBe(5);
  });

  it('q searches request and response bodies (case-insensitive), never a masked secret', async () => {
    await h.registerClient({ first_name: 'Zebulon' });
    await h.get('/api/v2/demo/pet/list?email=nobody@example.com');
    await h.http.get('/api/v2/demo/media-url');
    const byRequest = (await h.ctl.get('/requests?q=zEBULON')).body;
    expect(byRequest).toMatchObject({ total: 1, items: [{ endpoint: 'B9' }] });
    const byResponse = (await h.ctl.get('/requests?q=user%20not%20found')).body;
    expect(byResponse).toMatchObject({ total: 1, items: [{ endpoint: 'A5' }] });
    expect((await h.ctl.get('/requests?q=pet/list')).body.items).toMatchObject([{ endpoint: 'A5' }]);
    expect((await h.ctl.get('/requests?q="first_name"')).body.total).toBe(1);
    expect((await h.ctl.get(`/requests?q=${CLIENT_REGISTRATION.password}`)).body.total).toBe(0);
    expect((await h.ctl.get('/requests/count?q=zebulon&family=client')).body).toEqual({ count: 1 });
    expect((await h.ctl.get('/requests/count?q=zebulon&family=application')).body).toEqual({ count: 0 });
  });

  it('from/to bound the time, as ISO 8601 or epoch milliseconds, inclusive', async () => {
    await h.ctl.post('/clock', { frozen: true });
    await setClock(T0);
    await h.http.get('/api/v2/demo/media-url');
    await h.http.get('/api/v2/demo/media-url');
    await setClock(T0 + 60_000);
    for (let i = 0; i < 3; i++) await h.http.get('/api/v2/demo/media-url');
    expect((await h.ctl.get(`/requests?from=${new Date(T0 + 30_000).toISOString()}`)).body.total).toBe(3);
    expect((await h.ctl.get(`/requests?to=${T0}`)).body.total).toBe(2);
    expect((await h.ctl.get(`/requests?to=${T0 - 1}`)).body.total).toBe(0);
    expect((await h.ctl.get(`/requests/count?from=${T0 + 60_000}&to=${new Date(T0 + 60_000).toISOString()}`)).body).toEqual({ count: 3 });
    const bad = await h.ctl.get('/requests?from=yesterday');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      error: {
        code: 'invalid', message: 'from: expected epoch milliseconds or an ISO 8601 time, got "yesterday".',
        details: [{ path: 'from', message: 'expected epoch milliseconds or an ISO 8601 time, got "yesterday".' }],
      },
    });
  });

  it('GET /requests/count takes the same filters and answers {count}', async () => {
    await h.http.get('/api/v2/demo/media-url');
    await h.get('/api/v2/demo/pet/list?email=nobody@example.com');
    await h.registerClient();
    const count = await h.ctl.get('/requests/count');
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ count: 3 });
    expect((await h.ctl.get('/requests/count?status=4xx')).body).toEqual({ count: 1 });
    expect((await h.ctl.get('/requests/count?endpoint=B9&app=demo')).body).toEqual({ count: 1 });
  });

  it('a body search over 10,000 entries answers within a second or two', async () => {
    const journal = h.sim.services.journal;
    const body = JSON.stringify({ data: { list: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `pet ${i}`, species: 'dog' })) } });
    for (let i = 0; i < 10_000; i++) {
      journal.record({
        time: '2030-01-01 08:00:00.000', app: 'demo', family: 'application', endpoint: 'A5', method: 'GET', path: '/api/v2/demo/pet/list',
        query: `email=user${i}@example.com`, status: 200, duration_ms: 1, request_headers: {}, request_body: null, response_headers: {},
        response_body: i === 7_777 ? body.replace('pet 3', 'needle-pet') : body, error: null, truncated: false,
      });
    }
    journal.flush(); // the writes are not what is measured
    const started = performance.now();
    const found = (await h.ctl.get('/requests?q=needle-pet')).body;
    const ms = performance.now() - started;
    expect(found.total).toBe(1);
    console.log(`body search over 10,000 entries: ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(3_000);
  });
});
