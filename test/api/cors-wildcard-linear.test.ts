// An app's CORS origin patterns are matched against the `Origin` header anyone can send. Built into a RegExp,
// `https://*a*a*a*a*a*a*a*a*a*a*a*b` backtracked exponentially on a long origin of `a`s and held the whole process
// (issue 35 item 1, the autopilot glob's twin in http/cors.ts). The linear matcher answers at once.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

it('answers a hostile Origin against a many-star pattern in milliseconds, and still matches what the pattern names', async () => {
  const pattern = 'https://*a*a*a*a*a*a*a*a*a*a*a*b';
  expect((await h.ctl.patch('/apps/1', { cors_allowed_origins: ['http://localhost:3000', pattern] })).status).toBe(200);
  const hostile = `https://${'a'.repeat(48)}`;
  const started = performance.now();
  const r = await h.http.get('/api/v2/demo/media-url').set('origin', hostile);
  const took = performance.now() - started;
  expect(r.status).toBe(200);
  expect(r.headers['access-control-allow-origin']).toBeUndefined(); // no `b` at the end: not allowed
  expect(took).toBeLessThan(1000); // the RegExp took minutes; the matcher a few ms
  const allowed = await h.http.get('/api/v2/demo/media-url').set('origin', `https://${'a'.repeat(11)}b`);
  expect(allowed.headers['access-control-allow-origin']).toBe(`https://${'a'.repeat(11)}b`);
  const caseMatters = await h.http.get('/api/v2/demo/media-url').set('origin', `https://${'A'.repeat(11)}B`);
  expect(caseMatters.headers['access-control-allow-origin']).toBeUndefined(); // php-cors's pattern is case-sensitive
});
