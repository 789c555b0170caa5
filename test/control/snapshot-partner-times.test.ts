// Found by the scenario-sized snapshot property test (issue 35 acceptance, test/reliability/snapshot-property.test.ts):
// a snapshot whose payments.initiated_at, users.created_at, users.your_registration_date or feedback.feedback_date
// was not a time was restored, and then B6 (JSON and CSV), B5, B11's answer and the feedback lists answered 500
// (RangeError: Invalid time value) on every call until a reset, and a consultations.created_at that is not text
// did the same to the vet console's list. The restore now refuses such a row, naming it.
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_REGISTRATION, makeSim, type Harness } from '../helpers';
import { edited } from './snapshot-files';

let h: Harness | undefined;
afterEach(async () => h?.sim.close());

describe('a snapshot with a partner-visible time that does not read', () => {
  it('is refused 422 naming the table, row and column, and B5/B6 keep answering 200', async () => {
    h = await makeSim();
    await h.registerUser();
    await h.addPet('ann@example.com');
    await h.talk();
    expect((await h.registerClient()).status).toBe(200);
    const good = Buffer.from((await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    })).body as Buffer);
    const cases: [string, string, RegExp][] = [
      ['payments', "UPDATE payments SET initiated_at = '2026-13-45 99:99:99'", /^The snapshot's payments row 1 cannot be used: its initiated_at is not a time/],
      ['payments', 'UPDATE payments SET initiated_at = 5', /^The snapshot's payments row 1 cannot be used: its initiated_at is not a time/],
      ['users', "UPDATE users SET created_at = 'x'", /^The snapshot's users row 1 cannot be used: its created_at is not a time/],
      ['users', "UPDATE users SET your_registration_date = '2026-11-28 07:05:02 and more'", /^The snapshot's users row 1 cannot be used: its your_registration_date is not a time/],
      // GET /__sim/v1/consultations (the vet console's queue) answered 500 'replace is not a function' for a blob here.
      ['consultations', "UPDATE consultations SET created_at = X'00ff0001'", /^The snapshot's consultations row 1 cannot be used: its created_at is not a time/],
    ];
    for (const [what, sql, message] of cases) {
      const r = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(await edited(good, sql));
      expect({ what, status: r.status, code: r.body.error?.code }).toEqual({ what, status: 422, code: 'invalid_snapshot' });
      expect(r.body.error.message, sql).toMatch(message);
      expect((await h.http.post('/client/user/1/v2/report/payment/list').send({})).status, sql).toBe(200);
      expect((await h.http.post('/client/user/1/v2/report/payment/list').send({ export: 'csv' })).status, sql).toBe(200);
      expect((await h.http.post('/client/user/1/v2/report/user/list').send({})).status, sql).toBe(200);
      expect((await h.http.get('/__sim/v1/consultations')).status, sql).toBe(200);
    }
    // A sound time in the spec's form still restores.
    const fine = await h.http.post('/__sim/v1/snapshot').set('content-type', 'application/octet-stream').send(await edited(good, "UPDATE payments SET initiated_at = '2030-02-28 23:59:59'"));
    expect(fine.status).toBe(200);
    expect((await h.http.post('/client/user/1/v2/report/payment/list').send({})).status).toBe(200);
  });
});
