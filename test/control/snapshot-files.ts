// Snapshots as the restore tests handle them: downloaded whole, edited by SQL in a copy (as a hand-edited or
// hostile file would be), and uploaded. One copy for every restore test.
import initSqlJs from 'sql.js';
import type request from 'supertest';

type Http = ReturnType<typeof request>;

/** GET /__sim/v1/snapshot, as bytes. */
export const downloadSnapshot = async (http: Http): Promise<Buffer> =>
  (await http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  })).body as Buffer;

/** POST /__sim/v1/snapshot with these bytes. */
export const uploadSnapshot = (http: Http, bytes: Buffer) => http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(bytes);

/** The snapshot with `sql` run on a copy of it. */
export async function edited(bytes: Buffer, sql: string): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(new Uint8Array(bytes));
  db.run(sql);
  const out = Buffer.from(db.export());
  db.close();
  return out;
}
