// Issue 35 finding 22: `serve --random-seed N` (or VET_SIM_RANDOM_SEED) makes ids and secrets reproducible; it is
// not `--seed`, which loads the demo data. A value that is not a whole number from 0 to 2^32 − 1 is a bad flag.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../src-main/cli/args';
import { DEMO_AUTH } from '../helpers';
import { requireBuild, run, runToExit } from './run';

/** What a fresh in-memory server started with `flags` hands out first: a new app's secrets, a user's sid. */
async function firstDraws(flags: string[]) {
  const r = run(['--port', '0', '--in-memory', ...flags]);
  const url = await r.ready;
  try {
    const app = await (await fetch(`${url}/__sim/v1/apps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"acme"}' })).json();
    const a7 = await (await fetch(`${url}/api/v2/demo/register-user`, {
      method: 'POST', headers: { authorization: DEMO_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' }),
    })).json();
    return { api_token: app.api_token, api_key: app.api_key, rtc_user_sid: a7.data.user.rtc_user_sid };
  } finally {
    r.child.kill('SIGTERM');
    await r.exited;
  }
}

describe('--random-seed', () => {
  beforeAll(() => requireBuild());

  it('reads N from the flag or VET_SIM_RANDOM_SEED; anything else is exit 2 naming the range', async () => {
    expect(parseServeArgs(['--random-seed', '42'], {}).randomSeed).toBe(42);
    expect(parseServeArgs([], { VET_SIM_RANDOM_SEED: '7' }).randomSeed).toBe(7);
    expect(parseServeArgs([], {}).randomSeed).toBeUndefined();
    for (const bad of ['-1', '1.5', 'abc', '4294967296', '']) {
      const r = await runToExit(['--in-memory', `--random-seed=${bad}`]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(`--random-seed must be a whole number from 0 to 4294967295, not "${bad}".`);
    }
  });

  it('two servers with the same seed hand out the same secrets and sids; without it they differ', async () => {
    const [a, b] = [await firstDraws(['--random-seed', '42']), await firstDraws(['--random-seed', '42'])];
    expect(a.rtc_user_sid).toMatch(/^US[0-9a-f]{32}$/);
    expect(b).toEqual(a);
    const [c, d] = [await firstDraws([]), await firstDraws([])];
    expect(c.api_token).not.toBe(d.api_token);
    expect(c.rtc_user_sid).not.toBe(d.rtc_user_sid);
  });
});
