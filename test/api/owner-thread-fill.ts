// Test helper: a consultation's thread grown to `n` messages the way a tester could do it (a snapshot edited
// with SQLite and restored), not by `n` requests: 10,000 posts would take a test minutes.
import initSqlJs from 'sql.js';
import { expect } from 'vitest';
import type { Harness } from '../helpers';

async function snapshot(h: Harness): Promise<Buffer> {
  const snap = await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
  return snap.body as Buffer;
}

/** Adds owner messages to `sid`'s thread, after its last index, until it holds `n` messages (indexes 1…n). */
export async function fillThread(h: Harness, sid: string, n: number): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(await snapshot(h));
  db.run(
    `WITH RECURSIVE k(i) AS (SELECT (SELECT MAX(idx) FROM messages m JOIN consultations c ON c.id = m.consultation_id WHERE c.sid = $sid) + 1
                             UNION ALL SELECT i + 1 FROM k WHERE i < $n)
     INSERT INTO messages (consultation_id, idx, author, author_name, body, created_at)
     SELECT c.id, k.i, 'owner', 'Ann Lee', 'message ' || k.i, '2026-01-01T00:00:00.000Z' FROM k, consultations c WHERE c.sid = $sid`,
    { $sid: sid, $n: n },
  );
  const edited = Buffer.from(db.export());
  db.close();
  const restored = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(edited);
  expect(restored.status).toBe(200);
}
