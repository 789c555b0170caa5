// Issue 35 finding 25 (second half): every control API timestamp is ISO 8601 with its zone. The journal's `time`
// was `2030-01-01 08:00:00.123`, which Date.parse reads as local time; the list, the entry, the event stream and
// the HAR export now agree on `2030-01-01T08:00:00.123Z`, and so do the state views' rows (created_at, …), whose
// partner answers keep the spec's form. The request log still shows its times as date and time in UTC.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isoJournalTime } from '../../src-main/core/journal/time';
import { instantOf, journalTimeText } from '../../src-renderer/src/screens/time-text';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
let url: string;
beforeEach(async () => {
  h = await makeSim();
  url = (await h.sim.listen(0, '127.0.0.1')).url;
});
afterEach(async () => h.sim.close());

const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The first `request` event of GET /events after `trigger` runs. */
async function firstRequestEvent(trigger: () => Promise<unknown>): Promise<{ time: string }> {
  const res = await fetch(`${url}/__sim/v1/events`);
  const reader = res.body!.getReader();
  await trigger();
  let text = '';
  for (;;) {
    const { value } = await reader.read();
    text += new TextDecoder().decode(value);
    const m = /event: request\ndata: (.*)\n/.exec(text);
    if (m) {
      await reader.cancel();
      return (JSON.parse(m[1]) as { time: string }[])[0];
    }
  }
}

describe('journal times in the control API', () => {
  it('are ISO 8601 with Z in GET /requests, GET /requests/:id, the event stream and the HAR, and Date.parse reads the instant', async () => {
    await h.ctl.post('/clock', { frozen: true });
    await h.ctl.post('/clock', { set: '2030-01-01T08:00:00.123Z' });
    const event = await firstRequestEvent(() => h.http.get('/api/v2/demo/media-url'));
    const [item] = (await h.ctl.get('/requests')).body.items;
    const entry = (await h.ctl.get(`/requests/${item.id}`)).body;
    const withCredentials = (await h.ctl.get(`/requests/${item.id}?credentials=include`)).body;
    const har = (await h.ctl.get('/requests.har')).body.log.entries[0];
    for (const t of [item.time, entry.time, withCredentials.time, event.time, har.startedDateTime]) {
      expect(t).toBe('2030-01-01T08:00:00.123Z');
      expect(t).toMatch(ISO_Z);
      expect(Date.parse(t)).toBe(Date.UTC(2030, 0, 1, 8, 0, 0, 123));
    }
  });

  it('still filter with from/to in either form', async () => {
    await h.ctl.post('/clock', { frozen: true });
    await h.ctl.post('/clock', { set: '2030-01-01T08:00:00.123Z' });
    await h.http.get('/api/v2/demo/media-url');
    expect((await h.ctl.get('/requests?from=2030-01-01T08:00:00.123Z&to=2030-01-01T08:00:00.123Z')).body.total).toBe(1);
    expect((await h.ctl.get('/requests?from=2030-01-01T08:00:00.124Z')).body.total).toBe(0);
  });
});

describe('state the control API shows', () => {
  it('carries ISO 8601 times with Z in every view and in the vet actions, while the partner API keeps the spec form', async () => {
    await h.registerUser();
    await h.addPet();
    const sid = await h.talk('chat');
    const accepted = await h.ctl.post(`/consultations/${sid}/accept`);
    expect(accepted.status).toBe(200);
    const views = await Promise.all(['/users', '/users/1', '/pets', '/consultations', `/consultations/${sid}`, '/apps', '/feedback', '/payments'].map((p) => h.ctl.get(p)));
    const times: [string, string][] = [];
    const walk = (v: unknown, key = '') => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, key));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
      else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:/.test(v)) times.push([key, v]);
    };
    for (const r of [accepted, ...views]) walk(r.body);
    expect(times.map(([k]) => k)).toEqual(expect.arrayContaining(['created_at', 'updated_at', 'accepted_at', 'your_registration_date', 'date_time', 'trial_period_end_date']));
    for (const [key, value] of times) expect(`${key}=${value}`).toMatch(/=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    const partner = await h.get('/api/v2/demo/pet/list?email=ann@example.com');
    expect(JSON.stringify(partner.body)).toMatch(/"created_at":"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"/);
    // The partner API's own description keeps its formats and examples.
    expect(JSON.stringify((await h.ctl.get('/openapi.json')).body)).not.toMatch(/"created_at":"\d{4}-\d{2}-\d{2}T/);
  });
});

describe('the conversion and the request log text', () => {
  it('turns the stored form into ISO and leaves anything else alone; the UI shows it in the old layout', () => {
    expect(isoJournalTime('2026-11-28 04:45:15.406')).toBe('2026-11-28T04:45:15.406Z');
    expect(isoJournalTime('2026-11-28T04:45:15.406Z')).toBe('2026-11-28T04:45:15.406Z');
    expect(journalTimeText('2026-11-28T04:45:15.406Z')).toBe('2026-11-28 04:45:15.406');
    expect(journalTimeText('2026-11-28 04:45:15.406')).toBe('2026-11-28 04:45:15.406');
    // The vet console's waiting time reads either form as the same instant (it appended a second Z before).
    expect(instantOf('2026-11-28T04:45:15Z')).toBe(Date.UTC(2026, 10, 28, 4, 45, 15));
    expect(instantOf('2026-11-28 04:45:15')).toBe(Date.UTC(2026, 10, 28, 4, 45, 15));
  });
});
