// The demo is a scenario (issue 38): a fresh `--seed demo` leaves every vet free, answers three talk-to-vet calls in
// a row, and shows partner requests in the log and on every demo consultation's timeline; its threads are two-sided.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeAll(async () => {
  h = await makeSim({ seed: 'demo' });
});
afterAll(() => closeAll(h));

describe('--seed demo', () => {
  it('leaves every vet online and free', async () => {
    const vets = (await h.ctl.get('/vets')).body.items as { id: string; online: boolean; busy: boolean }[];
    expect(vets.map((v) => [v.id, v.online, v.busy])).toEqual([['vet_1', true, false], ['vet_2', true, false], ['vet_3', true, false]]);
  });

  it('has the consultations a demo shows: three waiting chats, a ringing call, ended chats with feedback, a completed call', async () => {
    const items = (await h.ctl.get('/consultations?limit=100')).body.items as { status: string; type: string }[];
    const count = (type: string, status: string) => items.filter((c) => c.type === type && c.status === status).length;
    expect(count('chat', 'waiting')).toBe(3);
    expect(count('video', 'ringing')).toBe(1);
    expect(count('chat', 'ended')).toBeGreaterThanOrEqual(1);
    expect(count('video', 'completed')).toBe(1);
    expect((await h.ctl.get('/feedback')).body.total).toBeGreaterThanOrEqual(2);
  });

  it('shows partner requests in the log and on every consultation\'s timeline; threads have owner and vet messages', async () => {
    const log = (await h.ctl.get('/requests')).body;
    expect(log.total).toBeGreaterThan(10);
    const items = (await h.ctl.get('/consultations?limit=100')).body.items as { sid: string; type: string }[];
    for (const c of items) {
      const detail = (await h.ctl.get(`/consultations/${c.sid}`)).body as { timeline: { kind: string }[] };
      const kinds = new Set(detail.timeline.map((t) => t.kind));
      expect(kinds.has('request'), `${c.sid}: ${[...kinds].join(', ')}`).toBe(true);
      if (c.type !== 'chat') continue;
      const thread = (await h.ctl.get(`/consultations/${c.sid}/messages`)).body.items as { author: string }[];
      expect(new Set(thread.map((m) => m.author))).toEqual(new Set(['system', 'owner', 'vet']));
    }
  });

  it('answers three talk-to-vet calls in a row with 200', async () => {
    for (const pet_id of [1, 3, 4]) {
      const email = pet_id === 1 ? 'maya@example.com' : pet_id === 3 ? 'omar@example.com' : 'zeynep@example.com';
      const r = await h.post('/api/v2/demo/talk-to-vet', { email, conversation_request: 'chat', pet_id });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      // The vet accepts, as in a demo: the next call must still find a free vet.
      expect((await h.ctl.post(`/consultations/${r.body.data.channel}/accept`)).status).toBe(200);
    }
  });
});

describe('POST /demo-data', () => {
  it('replaces a world that has data with the demo, and leaves the demo as it is when loaded already', async () => {
    const other = await makeSim();
    try {
      await other.registerUser();
      const first = await other.ctl.post('/demo-data');
      expect(first.body).toMatchObject({ loaded: true, users: 6, consultations: 10, message: 'Demo data loaded: 6 users, 10 consultations.' });
      expect((await other.ctl.get('/users?q=ann@example.com')).body.total).toBe(0);
      expect((await other.ctl.post('/demo-data')).body).toMatchObject({ loaded: false, message: 'The demo data set is loaded already: reset the simulator to load it again.' });
    } finally {
      await other.sim.close();
    }
  });
});
