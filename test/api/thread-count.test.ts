// Issue 35, finding 6: every post and every thread page counted the whole thread (count(*): 13 ms a post at 200k
// messages, and autopilot `say` steps on one chat grew quadratically). A thread's length is now its last index,
// one seek in the (consultation_id, idx) index: no statement counts messages on a post (owner API, control API,
// autopilot) or a page, and the pages still answer the thread's true length.
import initSqlJs from 'sql.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../../src-main/core/db/connection';
import { makeSim, type Harness } from '../helpers';
import { fillThread } from './owner-thread-fill';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.sim.close();
});

/** Every SQL statement the simulator runs from now on. */
function statements(): string[] {
  const seen: string[] = [];
  const statement = Connection.prototype.statement;
  vi.spyOn(Connection.prototype, 'statement').mockImplementation(function (this: Connection, sql: string) {
    seen.push(sql);
    return statement.call(this, sql);
  });
  return seen;
}
const countsMessages = (sql: string) => /count\s*\(/i.test(sql) && /\bmessages\b/i.test(sql);

async function storedCount(sid: string): Promise<number> {
  const snap = await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  const db = new (await initSqlJs()).Database(snap.body as Buffer);
  const n = db.exec('SELECT count(*) FROM messages m JOIN consultations c ON c.id = m.consultation_id WHERE c.sid = ?', [sid])[0].values[0][0];
  db.close();
  return Number(n);
}

describe('a long thread', () => {
  it('takes posts and answers pages without counting it, and the pages say its true length', async () => {
    const sid = await h.talk();
    await fillThread(h, sid, 9_990); // just under the cap (chat-limits.ts)
    const rtcToken = JSON.parse(new URL((await h.ctl.get(`/consultations/${sid}`)).body.owner_page_url).searchParams.get('data')!).rtcToken;
    const api = `/demo/main/talk-to-vet/api/consultations/${sid}`;

    const seen = statements();
    const owner = await h.http.post(`${api}/messages`).set('authorization', `Bearer ${rtcToken}`).send({ body: 'Still limping' });
    const vet = await h.ctl.post(`/consultations/${sid}/messages`, { author: 'vet', body: 'Noted' });
    const first = await h.ctl.get(`/consultations/${sid}/messages?limit=5`);
    const last = await h.ctl.get(`/consultations/${sid}/messages?after=9980`);
    const view = await h.http.get(`${api}?after=9989`).set('authorization', `Bearer ${rtcToken}`);
    vi.restoreAllMocks();

    expect([owner.status, owner.body.index, vet.status, vet.body.index]).toEqual([201, 9_991, 201, 9_992]);
    expect(seen.some((sql) => /MAX\(idx\)/.test(sql))).toBe(true); // the spy sees the simulator's statements
    expect(seen.filter(countsMessages)).toEqual([]);
    expect([first.body.total, last.body.total]).toEqual([9_992, 9_992]);
    expect(last.body.items.map((m: { index: number }) => m.index)).toEqual([9_981, 9_982, 9_983, 9_984, 9_985, 9_986, 9_987, 9_988, 9_989, 9_990, 9_991, 9_992]);
    expect(view.body.messages.map((m: { body: string }) => m.body)).toEqual(['message 9990', 'Still limping', 'Noted']);
    expect(await storedCount(sid)).toBe(9_992);
  });

  it("runs the autopilot's `say` steps on one chat without counting its thread", async () => {
    const steps = Array.from({ length: 50 }, (_, i) => ({ after: '1s', say: `Line ${i + 1}` }));
    expect((await h.ctl.put('/autopilot', { rules: [{ steps }] })).status).toBe(200);
    const sid = await h.talk();
    const seen = statements();
    expect((await h.ctl.post('/clock', { advance: '2m' })).status).toBe(200);
    vi.restoreAllMocks();
    const thread = (await h.ctl.get(`/consultations/${sid}/messages`)).body;
    expect([thread.total, thread.items.at(-1).body]).toEqual([51, 'Line 50']);
    expect(seen.filter(countsMessages)).toEqual([]);
  });
});
