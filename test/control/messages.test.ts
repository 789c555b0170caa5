// A consultation's thread through the control API (issue 25): the vet and the owner write in an open chat, the
// simulator marks the lifecycle, indexes run per consultation, `after=` pages what is new, the event stream
// carries `message` events, and a closed chat or a video takes nothing.
import initSqlJs from 'sql.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.registerUser();
  await h.addPet();
});
afterEach(async () => h.sim.close());

const talk = (type: 'chat' | 'video' = 'chat') => h.talk(type);
const say = (sid: string, author: string, body: unknown) => h.ctl.post(`/consultations/${sid}/messages`, { author, body });

describe('GET and POST /consultations/:sid/messages', () => {
  it('lists the vet and owner messages in order with their indexes, after the lifecycle marks', async () => {
    const sid = await talk('chat');
    expect((await h.ctl.post(`/consultations/${sid}/accept`)).status).toBe(200);
    const vet = await say(sid, 'vet', '  Hi Ann, how is Rex?  ');
    expect(vet.status).toBe(201);
    expect(vet.body).toEqual({
      id: expect.any(Number), index: 3, author: 'vet', author_name: 'Dr. Ada Moreno', body: 'Hi Ann, how is Rex?',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const owner = await say(sid, 'owner', 'Limping since Monday');
    expect(owner.status).toBe(201);
    expect(owner.body).toMatchObject({ index: 4, author: 'owner', author_name: 'Ann Lee' });

    const all = await h.ctl.get(`/consultations/${sid}/messages`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.items.map((m: { index: number; author: string; body: string }) => [m.index, m.author, m.body])).toEqual([
      [1, 'system', 'Chat requested for Rex: waiting for Dr. Ada Moreno to join.'],
      [2, 'system', 'Dr. Ada Moreno joined the chat.'],
      [3, 'vet', 'Hi Ann, how is Rex?'],
      [4, 'owner', 'Limping since Monday'],
    ]);
    const newer = await h.ctl.get(`/consultations/${sid}/messages?after=3`);
    expect(newer.body.items.map((m: { index: number }) => m.index)).toEqual([4]);
    expect(newer.body.total).toBe(4);
    expect((await h.ctl.get(`/consultations/${sid}/messages?after=1&limit=1`)).body.items.map((m: { index: number }) => m.index)).toEqual([2]);
  });

  it('answers 404 for an unknown sid, 422 naming the field, 409 consultation_closed for an ended chat and a video', async () => {
    const unknown = await say('CH00000000000000000000000000000000', 'vet', 'hello');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Consultation Not Found', details: [] } });
    expect((await h.ctl.get('/consultations/CH00000000000000000000000000000000/messages')).status).toBe(404);

    const sid = await talk('chat');
    for (const [body, message] of [
      ['   ', 'body: body must not be empty'],
      ['x'.repeat(1601), 'body: body must be at most 1,600 characters'],
      [42, 'body: body is required'],
    ] as const) {
      const r = await say(sid, 'vet', body);
      expect(r.status, String(body).slice(0, 10)).toBe(422);
      // The one field refused, as details (the UI shows it under the message box) and in the message.
      expect(r.body.error).toEqual({ code: 'invalid', message, details: [{ path: 'body', message: message.slice('body: '.length) }] });
    }
    expect((await say(sid, 'system', 'I am the system')).body.error.message).toMatch(/^author: /);
    // 1,600 characters after trimming is fine (emoji count as one character each)
    expect((await say(sid, 'owner', ` ${'🐶'.repeat(1600)} `)).status).toBe(201);

    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    const closed = await say(sid, 'owner', 'one more thing');
    expect(closed.status).toBe(409);
    expect(closed.body.error).toEqual({ code: 'consultation_closed', message: 'The chat has ended; it takes no new messages.', details: [] });

    const room = await talk('video');
    const video = await say(room, 'vet', 'hello');
    expect(video.status).toBe(409);
    expect(video.body.error.code).toBe('consultation_closed');
    // nothing was added by the refused posts
    expect((await h.ctl.get(`/consultations/${sid}/messages`)).body.items.at(-1)).toMatchObject({ author: 'system', body: 'The chat ended.' });
  });

  it('marks a video call\'s outcome in its thread', async () => {
    const room = await talk('video');
    expect((await h.ctl.post(`/consultations/${room}/outcome`, { status: 'accepted' })).status).toBe(200);
    expect((await h.ctl.post(`/consultations/${room}/end`)).status).toBe(200);
    const bodies = (await h.ctl.get(`/consultations/${room}/messages`)).body.items.map((m: { body: string }) => m.body);
    expect(bodies).toEqual(['Video call with Dr. Ada Moreno for Rex: ringing.', 'Dr. Ada Moreno accepted the video call.', 'The video call ended.']);
  });

  it('is emptied by a reset', async () => {
    const sid = await talk('chat');
    await say(sid, 'owner', 'hello');
    await h.ctl.post('/reset');
    expect((await h.ctl.get(`/consultations/${sid}/messages`)).status).toBe(404);
    await h.registerUser();
    await h.addPet();
    const again = await talk('chat');
    expect((await h.ctl.get(`/consultations/${again}/messages`)).body).toMatchObject({ total: 1, items: [{ index: 1, author: 'system' }] });
  });
});

describe('GET /events', () => {
  it('carries a message event per new message, batched', async () => {
    const sid = await talk('chat');
    const { url } = await h.sim.listen(0, '127.0.0.1');
    const ac = new AbortController();
    const res = await fetch(`${url}/__sim/v1/events`, { signal: ac.signal });
    const reader = res.body!.getReader();
    let text = '';
    await say(sid, 'vet', 'first');
    await say(sid, 'owner', 'second');
    // Events come in batches (≈ every 100 ms): on a loaded machine the two posts may fall into two batches, so
    // every batch is read until both messages have come, and each batch is an array of message events.
    const seen = () => [...text.matchAll(/event: message\ndata: (.*)\n/g)].flatMap((m) => JSON.parse(m[1]!) as unknown[]);
    const deadline = Date.now() + 3000;
    while (seen().length < 2 && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    // Each carries the message as stored (issue 36), so the thread appends it without asking.
    expect(seen()).toEqual([
      { sid, index: 2, author: 'vet', message: expect.objectContaining({ index: 2, author: 'vet', body: 'first', created_at: expect.stringMatching(/Z$/) }) },
      { sid, index: 3, author: 'owner', message: expect.objectContaining({ index: 3, author: 'owner', body: 'second' }) },
    ]);
  });
});

// A message goes one past the last index of its thread (issue 30 counts the thread instead of reading MAX(idx)):
// past a gap that a snapshot made elsewhere brings too, never onto a taken index and never into the gap (a
// client polling `after=` its last index would miss it).
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

describe('thread indexes', () => {
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
});
