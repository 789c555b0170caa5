// kill -9 at random moments around `POST /__sim/v1/reset` and the writes that follow it: after the
// restart the data is either the state before the reset or the reset state plus every write
// acknowledged after it — never old data next to new, never a reset that was acknowledged and lost,
// never a database that opens with a notice.
import { beforeAll, describe, expect, it } from 'vitest';
import { run, tempDir, requireBuild } from '../cli/run';
import { rawRequest } from './raw-request';

const TRIALS = Number(process.env.RESET_CRASH_TRIALS ?? 12);
const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const H = { authorization: AUTH, 'content-type': 'application/json' };
const register = (url: string, email: string) =>
  rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Kim', email, role: 'users', dev_type: 'ios', name: 'Rex', age: '1 years', sex: 'male' }));

describe('reset crash safety', () => {
  beforeAll(() => {
    requireBuild();
  });

  it(`${TRIALS} kill -9 trials around a reset leave the old state or the reset state, never a mix`, async () => {
    const outcomes = { before: 0, after: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const dir = tempDir();
      const s = run(['--port', '0', '--data-dir', dir]);
      const url = await s.ready;
      // A first reset warms the control API's code path, so the kill lands around the reset itself.
      expect((await rawRequest('POST', `${url}/__sim/v1/reset`, { 'content-type': 'application/json' }, '{}')).status).toBe(200);
      expect((await register(url, 'old@example.com')).status).toBe(200);
      const acked = { reset: false, after: [] as string[] };
      const traffic = (async () => {
        try {
          const r = await rawRequest('POST', `${url}/__sim/v1/reset`, { 'content-type': 'application/json' }, '{}');
          if (r.status !== 200) return;
          acked.reset = true;
          for (let i = 0; ; i++) if ((await register(url, `new${i}@example.com`)).status === 200) acked.after.push(`new${i}@example.com`);
        } catch {
          /* the process is gone */
        }
      })();
      // From before the reset arrives to well after it and a few writes (it takes about a millisecond).
      await new Promise((r) => setTimeout(r, Math.floor((trial / TRIALS) * 20 + Math.random() * 4)));
      s.child.kill('SIGKILL');
      await traffic;
      await s.exited;

      const t = run(['--port', '0', '--data-dir', dir]);
      const url2 = await t.ready;
      const users = JSON.parse((await rawRequest('GET', `${url2}/__sim/v1/users?per_page=500`)).text) as { items: { email: string }[] };
      const emails = users.items.map((u) => u.email).sort();
      const apps = JSON.parse((await rawRequest('GET', `${url2}/__sim/v1/apps`)).text) as { items: { name: string }[] };
      const health = JSON.parse((await rawRequest('GET', `${url2}/__sim/v1/health`)).text) as { notices: string[] };
      t.child.kill('SIGTERM');
      await t.exited;

      expect(apps.items.map((a) => a.name)).toEqual(['demo']);
      expect(health.notices.filter((n) => !/ended in a partial entry/.test(n))).toEqual([]);
      if (emails.includes('old@example.com')) {
        expect(acked.reset).toBe(false);
        expect(emails).toEqual(['old@example.com']);
        outcomes.before++;
      } else {
        for (const e of acked.after) expect(emails).toContain(e);
        expect(emails.every((e) => /^new\d+@example\.com$/.test(e))).toBe(true);
        outcomes.after++;
      }
    }
    console.log(`${TRIALS} trials: ${outcomes.before} restarted with the state before the reset, ${outcomes.after} with the reset state`);
  }, 600_000);
});
