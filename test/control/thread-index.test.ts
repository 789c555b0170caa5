// A message goes one past the last index of its thread (issue 30 counts the thread instead of reading MAX(idx)):
// in order through the lifecycle and the vet's and owner's posts, and past a gap that a snapshot made elsewhere
// brings: never onto a taken index, and never into the gap (a client polling `after=` its last index would miss it).
import initSqlJs from 'sql.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

const say = (sid: string, author: string, body: string) => h.ctl.post(`/consultations/${sid}/messages`, { author, body });
const indexes = async (sid: string) => (await h.ctl.get(`/consultations/${sid}/messages`)).body.items.map((m: { index: number }) => m.index);

/** The simulator's data, edited by `sql` in a copy and restored. */
async function editAndRestore(sql: string) {
  const SQL = await initSqlJs();
  const db = new SQL.Database(await snapshot());
  db.run(sql);
  const edited = Buffer.from(db.export());
  db.close();
  const restored = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(edited);
  expect(restored.status).toBe(200);
}

async function snapshot(): Promise<Buffer> {
  const snap = await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  return snap.body as Buffer;
}

it('numbers two threads 1, 2, 3 … each, through marks and posts', async () => {
  const a = await h.talk();
  const b = await h.talk();
  await h.ctl.post(`/consultations/${a}/accept`);
  expect((await say(a, 'vet', 'Hello')).body.index).toBe(3);
  expect((await say(a, 'owner', 'Hi')).body.index).toBe(4);
  expect((await say(b, 'owner', 'Anyone?')).body.index).toBe(2);
  expect(await indexes(a)).toEqual([1, 2, 3, 4]);
  expect(await indexes(b)).toEqual([1, 2]);
});

it('goes one past the last index of a thread with a gap, answering 201 (the count would have collided)', async () => {
  const sid = await h.talk();
  await say(sid, 'owner', 'one');
  await say(sid, 'owner', 'two');
  // Indexes 1, 2, 3 become 1, 3, 4: a thread of three whose count + 1 (4) is taken.
  await editAndRestore('UPDATE messages SET idx = idx + 100 WHERE idx >= 2; UPDATE messages SET idx = idx - 99 WHERE idx >= 100');
  expect(await indexes(sid)).toEqual([1, 3, 4]);
  const next = await say(sid, 'owner', 'three');
  expect(next.status).toBe(201);
  expect(next.body).toMatchObject({ index: 5, body: 'three' });
  expect(await indexes(sid)).toEqual([1, 3, 4, 5]);
  expect((await say(sid, 'owner', 'four')).body.index).toBe(6);
});

it('goes one past the last index of a thread whose gap holds the count + 1, not into the gap', async () => {
  const sid = await h.talk();
  for (const body of ['one', 'two', 'three', 'four']) await say(sid, 'owner', body);
  // Indexes 1–5 lose 3 and 4: a thread of three (1, 2, 5) whose count + 1 (4) is free but before its last.
  await editAndRestore('DELETE FROM messages WHERE idx IN (3, 4)');
  expect(await indexes(sid)).toEqual([1, 2, 5]);
  const next = await say(sid, 'owner', 'five');
  expect(next.body).toMatchObject({ index: 6, body: 'five' });
  expect((await h.ctl.get(`/consultations/${sid}/messages?after=5`)).body.items.map((m: { body: string }) => m.body)).toEqual(['five']);
});
