// A restore that fails once the snapshot is live changes nothing (issue 29 item 2, CRITICAL): the default app
// cannot be seeded beside the snapshot's apps, or its stored settings do not read. The old data comes back in
// memory and on disk, the answer is 422 invalid_snapshot, and the data folder starts again afterwards.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src-main/core/simulator';
import { tempDir } from '../cli/run';
import { DEMO_AUTH } from '../helpers';
import { edited } from './snapshot-files';

describe('a restore that fails after the swap', () => {
  it('puts the data from before back, answers 422, and the folder starts again', async () => {
    const dir = tempDir();
    const sim = await createSimulator({ dataDir: dir });
    const http = request(sim.handle);
    expect((await http.post('/api/v2/demo/register-user').set('authorization', DEMO_AUTH).send({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    const good = Buffer.from((await http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    })).body as Buffer);
    expect((await http.post('/api/v2/demo/register-user').set('authorization', DEMO_AUTH).send({ first_name: 'Lee', email: 'lee@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);

    const cases: [string, Buffer, RegExp][] = [
      ['fault rules that are not JSON', await edited(good, "INSERT INTO meta(key, value) VALUES ('faults', 'garbage{') ON CONFLICT(key) DO UPDATE SET value = excluded.value"), /fault rules/],
      ['fault rules of another shape', await edited(good, `INSERT INTO meta(key, value) VALUES ('faults', '{"a":1}') ON CONFLICT(key) DO UPDATE SET value = excluded.value`), /fault rules/],
      ['the default app renumbered', await edited(good, 'UPDATE apps SET id = 2 WHERE id = 1'), /UNIQUE|apps/],
      ['holds of another shape', await edited(good, `INSERT INTO meta(key, value) VALUES ('holds', '[{"id":"hold_1","endpoint":"A8","count":-5}]') ON CONFLICT(key) DO UPDATE SET value = excluded.value`), /holds/],
      ['autopilot rules that do not read', await edited(good, `INSERT INTO meta(key, value) VALUES ('autopilot', '{"rules":[{"steps":[{"after":"soon","do":"explode"}]}]}') ON CONFLICT(key) DO UPDATE SET value = excluded.value`), /autopilot rules/],
      ['a clock past 9999', await edited(good, `INSERT INTO meta(key, value) VALUES ('clock', '{"offsetMs":1e300,"frozenAt":null}') ON CONFLICT(key) DO UPDATE SET value = excluded.value`), /clock/],
    ];
    for (const [what, bytes, message] of cases) {
      const r = await http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(bytes);
      expect({ what, status: r.status, code: r.body.error?.code }).toEqual({ what, status: 422, code: 'invalid_snapshot' });
      expect(r.body.error.message, what).toMatch(/^The snapshot cannot be used, and nothing was changed: /);
      expect(r.body.error.message, what).toMatch(message);
      // Lee was registered after the snapshot was taken: still there means the data from before is back.
      const users = await http.get('/__sim/v1/users');
      expect({ what, emails: users.body.items.map((u: { email: string }) => u.email).sort() }).toEqual({ what, emails: ['kim@example.com', 'lee@example.com'] });
      expect((await http.get('/api/v2/demo/media-url').set('authorization', DEMO_AUTH)).status, what).toBe(200);
      expect((await http.get('/__sim/v1/faults')).body.items, what).toEqual([]);
    }
    await sim.close();

    const next = await createSimulator({ dataDir: dir });
    const http2 = request(next.handle);
    expect((await http2.get('/__sim/v1/users')).body.total).toBe(2);
    expect((await http2.post('/api/v2/demo/register-user').set('authorization', DEMO_AUTH).send({ first_name: 'Mo', email: 'mo@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect(next.notices).toEqual([]);
    await next.close();
  }, 60_000);
});
