// 20 trials of kill -9 during a burst of writes: every write that got a 2xx is present after
// restart, and the database always opens. Every other trial also leaves a torn piece at the end of
// the write log (as a crash mid-append or a full disk would), and more writes follow it.
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, run, tempDir, requireBuild } from '../cli/run';
import { rawRequest } from './raw-request';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 20);
const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const H = { authorization: AUTH, 'content-type': 'application/json' };

describe('crash safety', () => {
  beforeAll(() => {
    requireBuild();
  });

  it(`${TRIALS} kill -9 trials during write bursts, half of them after a torn log tail, lose no acknowledged write`, async () => {
    const dir = tempDir();
    const acknowledged: string[] = [];
    const notices: string[] = []; // what each start printed on stdout, where notices go (behaviour §13)
    let torn = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const s = run(['--port', '0', '--data-dir', dir]);
      const url = await s.ready;
      if (trial === 0) await rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Kim', email: 'kim@example.com', role: 'users', dev_type: 'ios' }));
      let stop = false;
      let ackedThisTrial = 0;
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const name = `t${trial}w${w}n${i}`;
          try {
            const r = await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, JSON.stringify({ email: 'kim@example.com', name, age: '1 years', sex: 'male' }));
            if (r.status === 200) acknowledged.push(name), ackedThisTrial++;
          } catch {
            return; // the process is gone
          }
        }
      });
      // The kill lands at a random moment of the burst, once it is under way (a loaded machine
      // starts slowly; a trial that acknowledged nothing would prove nothing).
      await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 400)));
      for (let waited = 0; ackedThisTrial < 10 && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 50)));
      s.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await s.exited;
      notices.push(s.stdout());
      if (trial % 2 === 1) {
        appendFileSync(join(dir, 'simulator.sqlite-oplog'), `{"seq":${1e9 + trial},"stmts":[["INSERT INTO pets (name) VALU`);
        torn++;
      }
    }
    const s = run(['--port', '0', '--data-dir', dir]);
    const url = await s.ready;
    const list = await rawRequest('GET', `${url}/api/v2/demo/pet/list?email=kim@example.com`, { authorization: AUTH });
    const names = new Set((JSON.parse(list.text).data.list as { name: string }[]).map((p) => p.name));
    const missing = acknowledged.filter((n) => !names.has(n));
    notices.push(s.stdout());
    const tornNotices = notices.join('').match(/ended in a partial entry/g)?.length ?? 0;
    console.log(`${TRIALS} trials (${torn} after a torn log tail), ${acknowledged.length} acknowledged writes, ${names.size} pets after restart, ${missing.length} missing`);
    expect(acknowledged.length).toBeGreaterThan(TRIALS * 10);
    expect(missing).toEqual([]);
    expect(tornNotices).toBe(torn); // each torn tail was found, cut off and reported
    expect(notices.join('')).not.toMatch(/moved aside|Replaying the write log .* stopped/);
    s.child.kill('SIGTERM');
    await s.exited;
  }, 600_000);
});
