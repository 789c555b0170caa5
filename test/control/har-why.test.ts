// Issue 37: a refused partner call says why in the HAR too, as the entry's comment (never in what the client got).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { basic, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

it("puts the why of a 401 with a wrong password in the entry's comment, without the password", async () => {
  const refused = await h.http.get('/api/v2/demo/pet/list?email=a@b.co').set('authorization', basic('demo', 'not-the-secret'));
  expect(refused.status).toBe(401);
  expect(JSON.stringify(refused.body)).not.toMatch(/password|differs/i);
  const har = await h.ctl.get('/requests.har');
  const [entry] = har.body.log.entries;
  expect(entry.comment).toMatch(/^A\d+ demo — .*password differs from app demo/i);
  expect(entry.comment).not.toContain('not-the-secret');
});
