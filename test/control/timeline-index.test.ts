// A consultation's timeline finds its partner requests by the consultation the journal kept for each (journal
// migration 4), not by searching the newest 1,000 bodies of each endpoint: an early consultation of a long run
// kept its requests, a call refused before its body was read (a fault rule) or refused by validation is listed,
// and a journal from before the migration is still searched.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../cli/run';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => {
  h = await makeSim();
  await h.ctl.patch('/apps/1', { rate_limit_per_minute: 0 });
  await h.registerUser();
  await h.addPet();
});
afterEach(() => h.sim.close());

type Entry = { kind: string; endpoint?: string; status?: number; request_id?: number };
const requestsOf = async (harness: Harness, sid: string) =>
  ((await harness.ctl.get(`/consultations/${sid}`)).body.timeline as Entry[]).filter((e) => e.kind === 'request').map((e) => `${e.endpoint} ${e.status}`);

describe('a consultation timeline by the journal index', () => {
  it('keeps an early consultation\'s requests after 1,001 later calls of the same endpoint', async () => {
    const sid = await h.talk();
    await h.ctl.post(`/consultations/${sid}/accept`);
    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    // A9 names the consultation only inside the token it answers.
    const identity = (await h.ctl.get(`/consultations/${sid}`)).body.identity as string;
    expect((await h.get(`/api/v2/demo/refresh?identity=${encodeURIComponent(identity)}&dev_type=ios`)).status).toBe(200);
    for (let i = 0; i < 1001; i++) expect((await h.post('/api/v2/demo/end', { channel_sid: `CH${String(i).padStart(32, '0')}` })).status).toBe(404);
    expect(await requestsOf(h, sid)).toEqual(['A8 200', 'A10 200', 'A9 200']);
  }, 60_000);

  it('lists a call a fault rule refused before its body was read, and one refused by validation', async () => {
    const sid = await h.talk();
    await h.ctl.put('/faults', { items: [{ endpoint: 'A10', status: 503, message: 'Maintenance', count: 1 }] });
    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(503);
    // No type: 422, though it names the chat.
    expect((await h.post('/api/v2/demo/feedback', { channel_sid: sid })).status).toBe(422);
    expect(await requestsOf(h, sid)).toEqual(['A8 200', 'A10 503', 'A11 422']);
    // Named in the query string of a call a fault rule refused: listed too.
    await h.ctl.put('/faults', { items: [{ endpoint: 'A10', status: 503, message: 'Maintenance', count: 1 }] });
    expect((await h.post(`/api/v2/demo/end?channel_sid=${sid}`, {})).status).toBe(503);
    expect(await requestsOf(h, sid)).toEqual(['A8 200', 'A10 503', 'A11 422', 'A10 503']);
  });

  it('files A11 under the sid its type names', async () => {
    const chat = await h.talk();
    const call = await h.talk('video');
    // A video's feedback that also carries a chat's sid (404: the vet has written none yet) is the call's.
    expect((await h.post('/api/v2/demo/feedback', { type: 'video', room_sid: call, channel_sid: chat })).status).toBe(404);
    expect(await requestsOf(h, call)).toEqual(['A8 200', 'A11 404']);
    expect(await requestsOf(h, chat)).toEqual(['A8 200']);
  });

  it('lists the newest 1,000 calls of each endpoint: a client polling A11 does not push out the opening A8', async () => {
    const sid = await h.talk();
    for (let i = 0; i < 1001; i++) await h.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: sid });
    const requests = await requestsOf(h, sid);
    expect(requests.length).toBe(1001);
    expect(requests.slice(0, 2)).toEqual(['A8 200', 'A11 404']);
  }, 60_000);

  it('after a restore hands a sid out again, lists only the new consultation\'s requests; the journal keeps what came before', async () => {
    const snapshot = Buffer.from((await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    })).body as Buffer);
    const sid = await h.talk();
    expect((await h.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    const before = (await h.ctl.get('/requests?limit=1')).body.items[0].id as number;
    expect((await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(snapshot)).status).toBe(200);
    expect(await h.talk()).toBe(sid);
    expect(await requestsOf(h, sid)).toEqual(['A8 200']);
    // The entries from before the restore were not dropped, and no id was handed out twice.
    const ids = ((await h.ctl.get('/requests?limit=100')).body.items as { id: number }[]).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(before);
    expect(Math.max(...ids)).toBeGreaterThan(before);
  });
});

describe('a journal from before it kept each request\'s consultation', () => {
  it('is searched for the requests written before the upgrade; those written after are found by the index', async () => {
    const dir = tempDir();
    const first = await makeSim({ inMemory: false, dataDir: dir });
    await first.ctl.patch('/apps/1', { rate_limit_per_minute: 0 });
    await first.registerUser();
    await first.addPet();
    const sid = await first.talk();
    await first.ctl.post(`/consultations/${sid}/accept`);
    expect((await first.ctl.put(`/consultations/${sid}/feedback`, { recommendation: 'Non-urgent', reason: 'Rest.' })).status).toBe(200);
    expect((await first.post('/api/v2/demo/end', { channel_sid: sid })).status).toBe(200);
    await first.sim.close();

    // The journal as the version before wrote it: no consultation column, schema version 3.
    const file = join(dir, 'journal.sqlite');
    const SQL = await initSqlJs();
    const db = new SQL.Database(readFileSync(file));
    db.run('DROP INDEX journal_consultation; ALTER TABLE journal DROP COLUMN consultation; ALTER TABLE journal DROP COLUMN why; ALTER TABLE journal DROP COLUMN agent; PRAGMA user_version = 3;');
    writeFileSync(file, db.export());
    db.close();

    const again = await makeSim({ inMemory: false, dataDir: dir });
    try {
      expect(await requestsOf(again, sid)).toEqual(['A8 200', 'A10 200']);
      // After the upgrade: by the index, and each request once.
      expect((await again.post('/api/v2/demo/feedback', { type: 'chat', channel_sid: sid })).status).toBe(200);
      expect(await requestsOf(again, sid)).toEqual(['A8 200', 'A10 200', 'A11 200']);
      // A cleared journal has nothing from before left to search.
      expect((await again.ctl.get('/requests?limit=1')).body.total).toBeGreaterThan(0);
      await again.http.delete('/__sim/v1/requests');
      expect(await requestsOf(again, sid)).toEqual([]);
    } finally {
      await again.sim.close();
    }
  });
});
