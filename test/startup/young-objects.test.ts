// Issue 14, one-connection p99: the server never lets V8 pretenure allocation sites (core/young-objects.ts).
// When it did, about half of all starts tenured a site every request uses, and from then on each
// request's objects were promoted: young collections of 2.5–3.5 ms every ~20 ms. V8 reports each
// pretenuring decision under --trace-pretenuring-statistics; with the switch off it makes none.
import { spawn, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuild } from '../cli/run';

const TRACE = '--trace-pretenuring-statistics';
const decisions = (output: string) => output.split('\n').filter((l) => l.includes('pretenuring: AllocationSite'));

describe('the server under load', () => {
  beforeAll(requireBuild);

  it('lets V8 make pretenuring decisions in a plain node process (the probe below can see one)', () => {
    // Many literals alive across young collections: the case V8 pretenures.
    const script = 'const a = []; for (let i = 0; i < 3e5; i++) a.push({ i, s: [i] }); console.log(a.length);';
    const r = spawnSync(process.execPath, [TRACE, '-e', script], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(decisions(r.stdout + r.stderr).length).toBeGreaterThan(0);
  });

  it('makes no pretenuring decision over its start and a thousand requests', async () => {
    const child = spawn(process.execPath, [TRACE, CLI, '--port', '0', '--in-memory'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const m = /ready at (http:\/\/\S+)/.exec(output);
          if (m) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
      });
      const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
      const statuses = new Set<number>();
      for (let i = 0; i < 1000; i++) {
        const r = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
        statuses.add(r.status);
        await r.arrayBuffer();
      }
      // Past the demo app's limit the answers are 429s: the same pipeline, envelope and journal entry.
      expect([...statuses].sort()).toEqual([200, 429]);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    expect(decisions(output)).toEqual([]);
  }, 60_000);
});
