// Soak: mixed traffic at a steady rate (default 10 minutes, SOAK_SECONDS to change): no errors,
// and RSS after warm-up grows by at most 10% (bench/memory-trend.mjs says how that is read). The server runs
// with `npm run serve`'s node flags, as users run it. SOAK_LEAK_BYTES=N preloads a leak of N bytes a
// request (fixtures/leak.mjs), to see the check fail: 1024 read as 29.5% growth (no leak: −10.2%).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { run, tempDir, requireBuild, SERVE_NODE_FLAGS } from '../cli/run';
import { growthAfterWarmup } from '../../bench/memory-trend.mjs';
import { rawRequest } from './raw-request';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 200); // requests per second
const AUTH = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const H = { authorization: AUTH, 'content-type': 'application/json' };
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

// RSS comes from /proc: the soak runs on Linux only (as CI does); elsewhere it is not a silent pass.
describe.runIf(existsSync('/proc/self/status'))('soak', () => {
  beforeAll(() => {
    requireBuild();
  });

  it(`${SECONDS} s of mixed traffic at ${RATE} req/s: no errors, flat memory`, async () => {
    // The journal holds up to its cap and then stays that size: the cap is set so that it is reached in the
    // first quarter of the run whatever SOAK_SECONDS is, so the growth measured after it is a leak, not the log filling up.
    const cap = Math.min(10_000, Math.max(100, Math.floor((SECONDS * RATE) / 8)));
    const leak = process.env.SOAK_LEAK_BYTES ? ['--import', join(__dirname, 'fixtures', 'leak.mjs')] : [];
    const s = run(['--port', '0', '--data-dir', tempDir(), '--journal-cap', String(cap)], {}, [...SERVE_NODE_FLAGS, ...leak]);
    // Whatever ends the test (a failed expectation, a timeout), the server does not outlive it.
    onTestFinished(() => void (s.child.exitCode === null && s.child.signalCode === null && s.child.kill('SIGKILL')));
    const url = await s.ready;
    await rawRequest('PATCH', `${url}/__sim/v1/apps/1`, { 'content-type': 'application/json' }, '{"rate_limit_per_minute":0}');
    await rawRequest('POST', `${url}/api/v2/demo/register-user`, H, JSON.stringify({ first_name: 'Soak', email: 'soak@example.com', role: 'users', dev_type: 'ios' }));
    await rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, JSON.stringify({ email: 'soak@example.com', name: 'Rex', age: '2 years', sex: 'male' }));
    const a5 = () => rawRequest('GET', `${url}/api/v2/demo/pet/list?email=soak@example.com`, H);
    const a1 = () => rawRequest('GET', `${url}/api/v2/demo/media-url`);
    const a3 = () => rawRequest('POST', `${url}/api/v2/demo/pet/update`, H, JSON.stringify({ email: 'soak@example.com', pet_id: 1, pet: { color: `c${Date.now() % 1000}` } }));
    const b4 = () => rawRequest('GET', `${url}/client/user/1/v2/pet/list?email=soak@example.com`);
    const b5 = () => rawRequest('POST', `${url}/client/user/1/v2/report/user/list`, { 'content-type': 'application/json' }, '{"page":1}');
    const bad = () => rawRequest('POST', `${url}/api/v2/demo/pet/add`, H, '{"email": "soak@example.com", bad json');
    const chat = async () => {
      const r = await rawRequest('POST', `${url}/api/v2/demo/talk-to-vet`, H, JSON.stringify({ email: 'soak@example.com', conversation_request: 'chat', pet_id: 1 }));
      return rawRequest('POST', `${url}/api/v2/demo/end`, H, JSON.stringify({ channel_sid: JSON.parse(r.text).data.channel }));
    };
    // Reads dominate, as in a partner's traffic; one cycle in 24 opens and ends a chat. Consultations
    // are state that legitimately accumulates, so they are kept to a share that does not mask a leak.
    const mix = [a5, a1, a3, b5, a5, b4, a1, a5, bad, a3, a5, b5, a1, a5, a3, b4, a5, chat, a1, a5, b5, a3, bad, a5];
    const errors: string[] = [];
    // RSS once a second: enough samples in each quarter to see the level the sawtooth keeps returning to.
    const samples: number[] = [];
    const sampler = setInterval(() => {
      try {
        samples.push(rssMiB(s.child.pid!));
      } catch {
        /* the server is gone: the requests' errors say so */
      }
    }, 1000);
    let sent = 0;
    const start = Date.now();
    const inflight = new Set<Promise<unknown>>();
    try {
      while (Date.now() - start < SECONDS * 1000) {
        const due = start + (sent / RATE) * 1000;
        if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
        const p = mix[sent % mix.length]()
          .then((r) => void (r.status >= 500 && errors.push(`${r.status} ${r.text.slice(0, 100)}`)))
          .catch((e: Error) => void errors.push(e.message))
          .finally(() => inflight.delete(p));
        inflight.add(p);
        sent++;
      }
      await Promise.all(inflight);
    } finally {
      clearInterval(sampler);
    }
    const growth = growthAfterWarmup(samples);
    const every = Math.max(1, Math.floor(samples.length / 20));
    const shown = samples.filter((_, i) => i % every === 0);
    console.log(`soak: ${sent} requests in ${SECONDS} s, ${errors.length} errors; RSS every ${every} s ${shown.map((x) => x.toFixed(0)).join(' ')} MiB; growth after warm-up ${(growth * 100).toFixed(1)}% (90th percentiles of the second and last quarters)`);
    expect(errors).toEqual([]);
    expect(growth).toBeLessThanOrEqual(0.1);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, (SECONDS + 120) * 1000);
});
