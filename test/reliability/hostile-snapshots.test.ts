// A restore refused for any reason changes nothing: not the data in memory, not the file on disk;
// the server keeps answering and the next start opens the same data (behaviour §13).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src-main/core/simulator';
import { tempDir } from '../cli/run';
import { DEMO_AUTH } from '../helpers';

const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

/** Applies SQL to a copy of the snapshot, as someone editing the file with a SQLite tool would. */
async function edited(bytes: Buffer, sql: string, userVersion?: number): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(new Uint8Array(bytes)); // a copy: sql.js may keep working in the array it is given
  db.run(sql);
  if (userVersion !== undefined) db.run(`PRAGMA user_version = ${userVersion}`);
  const out = Buffer.from(db.export());
  db.close();
  return out;
}

/** Overwrites the page holding the root of `table` with garbage (a header that still reads fine). */
async function garbageRootPage(bytes: Buffer, table: string): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(new Uint8Array(bytes));
  const root = Number(db.exec(`SELECT rootpage FROM sqlite_master WHERE name = '${table}'`)[0].values[0][0]);
  db.close();
  const pageSize = bytes.readUInt16BE(16);
  const out = Buffer.from(bytes);
  out.fill(0xa5, (root - 1) * pageSize, root * pageSize);
  return out;
}

describe('hostile snapshots', () => {
  it('each is refused with 422 invalid_snapshot, the data and the file stay as they were, and the next start works', async () => {
    const dir = tempDir();
    const file = join(dir, 'simulator.sqlite');
    const sim = await createSimulator({ dataDir: dir, checkpointIntervalMs: 3_600_000 });
    const http = request(sim.handle);
    const reg = await http.post('/api/v2/demo/register-user').set('authorization', DEMO_AUTH).send({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' });
    expect(reg.status).toBe(200);
    expect((await http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).send({ email: 'kim@example.com', name: 'Rex', age: '1 years', sex: 'male' })).status).toBe(200);
    const good = Buffer.from(sim.ctx.db.export());
    sim.ctx.db.checkpoint(true);
    const fileBefore = sha(file);

    const hostile: [string, Buffer, RegExp][] = [
      ['not SQLite', Buffer.from('<html><body>not a database</body></html>'.repeat(10)), /^The file is not a SQLite database\.$/],
      ['header only', good.subarray(0, 100), /^The snapshot is damaged/],
      ['truncated', good.subarray(0, Math.floor(good.length / 2)), /^The snapshot is damaged/],
      ['wrong header', Buffer.concat([Buffer.from('SQLite format 2\0'), good.subarray(16)]), /^The file is not a SQLite database\.$/],
      ['garbage pages (users)', await garbageRootPage(good, 'users'), /^The snapshot is damaged/],
      ['broken consultations table', await garbageRootPage(good, 'consultations'), /^The snapshot is damaged/],
      ['consultations of another shape', await edited(good, 'DROP TABLE consultations; CREATE TABLE consultations (id INTEGER PRIMARY KEY, sid TEXT)'), /^The snapshot's table consultations differs/],
      ['dropped table', await edited(good, 'DROP TABLE payments'), /^The snapshot lacks the table payments\.$/],
      ['dropped column', await edited(good, 'ALTER TABLE users DROP COLUMN code'), /^The snapshot's table users differs/],
      ['newer user_version', await edited(good, 'SELECT 1', 999), /^The snapshot is from a newer version of the simulator/],
      ['user_version 0', await edited(good, 'SELECT 1', 0), /^The file is a SQLite database, but not a snapshot of this simulator\.$/],
      ['missing meta', await edited(good, 'DROP TABLE meta'), /^The snapshot lacks the table meta\.$/],
      ['a trigger', await edited(good, 'CREATE TRIGGER wipe AFTER INSERT ON pets BEGIN DELETE FROM users; END'), /^The snapshot defines a trigger of its own \(wipe\)/],
      ['a view', await edited(good, 'CREATE VIEW v AS SELECT * FROM users'), /^The snapshot defines a view of its own \(v\)/],
      ['an extra index', await edited(good, 'CREATE INDEX users_odd ON users(zip_code) WHERE zip_code > 0'), /^The snapshot has an index this simulator does not define \(users_odd\)\.$/],
      ["an HTML 'image'", await edited(good, "INSERT INTO media (app_id, pet_id, file_name, mime, data, created_at) VALUES (1, 1, 'x.html', 'text/html', X'3c68746d6c3e', 'x')"), /^The snapshot holds a pet image of type "text\/html"/],
    ];
    expect(hostile.length).toBeGreaterThanOrEqual(10);
    for (const [what, bytes, message] of hostile) {
      const r = await http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(bytes);
      expect({ what, status: r.status, code: r.body.error?.code }).toEqual({ what, status: 422, code: 'invalid_snapshot' });
      expect(r.body.error.message, what).toMatch(message);
      expect(sha(file), what).toBe(fileBefore);
      const pets = await http.get('/api/v2/demo/pet/list?email=kim@example.com').set('authorization', DEMO_AUTH);
      expect({ what, status: pets.status, names: pets.body.data?.list?.map((p: { name: string }) => p.name) }).toEqual({ what, status: 200, names: ['Rex'] });
      expect((await http.get('/__sim/v1/health')).body.status).toBe('ok');
    }
    // A sound snapshot still restores after all that.
    const ok = await http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(good);
    expect(ok.body).toEqual({ restored: true, bytes: good.length });
    expect((await http.post('/api/v2/demo/pet/add').set('authorization', DEMO_AUTH).send({ email: 'kim@example.com', name: 'Bo', age: '1 years', sex: 'male' })).status).toBe(200);
    await sim.close();

    const next = await createSimulator({ dataDir: dir });
    const http2 = request(next.handle);
    const pets = await http2.get('/api/v2/demo/pet/list?email=kim@example.com').set('authorization', DEMO_AUTH);
    expect(pets.body.data.list.map((p: { name: string }) => p.name).sort()).toEqual(['Bo', 'Rex']);
    expect(next.notices).toEqual([]);
    await next.close();
  }, 120_000);
});
