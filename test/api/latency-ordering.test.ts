// Issue 14 (sequential latency): work that does not have to precede an answer's bytes runs after them.
// What a partner's integration test relies on must not move with it: a request's journal entry (and its
// `request` event) is there as soon as its answer has arrived, in request order, with the time the
// request arrived, not the time it was recorded.
import http from 'node:http';
import { isoJournalTime } from '../../src-main/core/journal/time';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalSummary } from '../../src-shared/control';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
let url: string;
let agent: http.Agent;
beforeEach(async () => {
  h = await makeSim();
  url = (await h.sim.listen(0)).url;
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterEach(async () => {
  agent.destroy();
  await h.sim.close();
});

/** One request on the test's single keep-alive connection, as a partner's test client sends them. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url + path, { agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('one connection, one request after another', () => {
  it('each answer arrives with its journal entry and its request event already there, in order', async () => {
    await h.registerUser();
    await h.addPet();
    const events: JournalSummary[] = [];
    h.sim.ctx.events.on('request', (s) => events.push(s));
    const paths = ['/api/v2/demo/pet/list?email=ann%40example.com', '/api/v2/demo/pet/list?email=nobody%40example.com', '/api/v2/demo/media-url', '/api/v2/demo/nope'];
    for (let i = 0; i < 20; i++) {
      const path = paths[i % paths.length];
      const r = await get(path, { authorization: DEMO_AUTH });
      // The event of this very request has fired before its answer reached the client.
      expect(events).toHaveLength(i + 1);
      const event = events[i];
      expect(event).toMatchObject({ method: 'GET', path: path.split('?')[0], status: r.status });
      if (i) expect(event.id).toBe(events[i - 1].id + 1);
      const listed = (await get('/__sim/v1/requests?limit=1')).body;
      // The control API sends the time in ISO 8601 with its zone; the in-process event keeps the stored form.
      expect(JSON.parse(listed).items[0]).toEqual({ ...event, time: isoJournalTime(event.time) });
      const entry = JSON.parse((await get(`/__sim/v1/requests/${event.id}`)).body);
      expect(entry.response_body).toBe(r.body);
      expect(entry.request_headers.authorization).toBe('Basic demo:***');
    }
  });

  it('the journal keeps the time a request arrived, even when the clock moves before it is answered', async () => {
    await h.ctl.post('/clock', { frozen: true });
    await h.ctl.post('/clock', { set: '2030-01-02T03:04:05.678Z' });
    await h.ctl.put('/faults', { items: [{ endpoint: 'A1', delay_ms: 150 }] });
    const answer = get('/api/v2/demo/media-url', { authorization: DEMO_AUTH });
    await new Promise((r) => setTimeout(r, 50));
    await h.ctl.post('/clock', { advance_seconds: 86_400 });
    expect((await answer).status).toBe(200);
    const [summary] = JSON.parse((await get('/__sim/v1/requests?limit=1')).body).items;
    expect(summary).toMatchObject({ endpoint: 'A1', time: '2030-01-02T03:04:05.678Z' }); // ISO 8601 with its zone, as every control API time (issue 35 item 25)
    expect(summary.duration_ms).toBeGreaterThanOrEqual(100);
  });
});
