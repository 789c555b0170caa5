// The vet console's data (issue 12 item 10): every open consultation is counted and reachable, however
// long the queue; 10,252 open chats once showed as "200" and a ringing call as "Ringing calls 0".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const talk = (type: 'chat' | 'video' = 'chat') => h.talk(type);

describe('GET /consultations/counts and the queue pages', () => {
  beforeEach(async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 0 });
    await h.registerUser();
    await h.addPet();
  });

  it('counts every status exactly past 200 rows, a ringing call included, and pages reach the last chat', async () => {
    const chats: string[] = [];
    for (let i = 0; i < 250; i++) chats.push(await talk('chat'));
    const call = await talk('video');
    const counts = await h.ctl.get('/consultations/counts');
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({
      by_status: { waiting: 250, active: 0, ringing: 1, accepted: 0, ended: 0, completed: 0, declined: 0, notanswered: 0 },
      open: 251,
    });
    const ringing = await h.ctl.get('/consultations?status=ringing&per_page=25');
    expect(ringing.body).toMatchObject({ total: 1, page: 1, per_page: 25 });
    expect(ringing.body.items.map((c: { sid: string }) => c.sid)).toEqual([call]);

    const seen: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const r = await h.ctl.get(`/consultations?status=waiting&per_page=25&page=${page}`);
      expect(r.body).toMatchObject({ total: 250, page, per_page: 25 });
      expect(r.body.items).toHaveLength(25);
      seen.push(...r.body.items.map((c: { sid: string }) => c.sid));
    }
    expect(new Set(seen).size).toBe(250);
    expect(seen.at(-1)).toBe(chats[0]); // newest first: the longest-waiting chat is on the last page
    expect((await h.ctl.get('/consultations?status=waiting&per_page=25&page=11')).body).toMatchObject({ items: [], total: 250 });
  });

  it('counts follow the state: accepting, ending and answering move a consultation between statuses', async () => {
    const chat = await talk('chat');
    const call = await talk('video');
    await h.ctl.post(`/consultations/${chat}/accept`);
    await h.ctl.post(`/consultations/${call}/outcome`, { status: 'declined' });
    expect((await h.ctl.get('/consultations/counts')).body).toEqual({
      by_status: { waiting: 0, active: 1, ringing: 0, accepted: 0, ended: 0, completed: 0, declined: 1, notanswered: 0 },
      open: 1,
    });
    expect((await h.ctl.get('/consultations/counts?type=video')).body.by_status).toMatchObject({ active: 0, declined: 1 });
    expect((await h.ctl.get('/consultations/counts?app_id=2')).body.open).toBe(0);
  });
});
