// Issue 14, one-connection p99: the server never lets V8 pretenure allocation sites (core/perf/young-objects.ts).
// When it could, about half of all starts tenured a site every request uses, and from then on each
// request's objects were promoted: young collections of 2.5–3.5 ms every ~20 ms. Under
// --trace-pretenuring-statistics V8 prints a line for every allocation site it reviews (tenure or not);
// with pretenuring off it reviews none.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, run, SERVE_NODE_FLAGS } from '../cli/run';

const TRACE = '--trace-pretenuring-statistics';
/** Builds long-lived literals; preloaded into the server, it does so right after the ready line. */
const LITERALS = join(__dirname, 'fixtures', 'long-lived-literals.cjs');
const reviews = (output: string) => output.split('\n').filter((l) => l.includes('pretenuring: AllocationSite'));
// Node 24's V8 marks such a site `maybe tenure` until its young generation reaches its maximum size.
const tenured = (output: string) => reviews(output).filter((l) => /=> (maybe )?tenure$/.test(l.trim()));

describe('the server under load', () => {
  beforeAll(requireBuild);

  it('shows the probe below can see V8 mark a site for tenuring: the same long-lived literals in plain node', () => {
    const script = `require(${JSON.stringify(LITERALS)}).buildLongLivedLiterals()`;
    const r = spawnSync(process.execPath, [...SERVE_NODE_FLAGS, TRACE, '-e', script], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(tenured(r.stdout + r.stderr).length).toBeGreaterThan(0);
  });

  it('has V8 review no allocation site for pretenuring: its start, long-lived literals, a thousand requests', async () => {
    // `npm run serve`'s flags: V8 decides only when the young generation is at its (here small) maximum size.
    const server = run(['--port', '0', '--in-memory'], {}, [...SERVE_NODE_FLAGS, TRACE, '-r', LITERALS]);
    try {
      const url = await server.ready;
      const auth = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };
      const statuses = new Set<number>();
      for (let i = 0; i < 1000; i++) {
        const r = await fetch(`${url}/api/v2/demo/media-url`, { headers: auth });
        statuses.add(r.status);
        await r.arrayBuffer();
      }
      // Past the demo app's 200 a minute the answers are 429s: the same pipeline, envelope and journal entry.
      expect([...statuses].sort()).toEqual([200, 429]);
      await expect.poll(() => server.stdout(), { timeout: 10_000 }).toContain('long-lived literals built: 300000');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(reviews(server.stdout() + server.stderr())).toEqual([]);
  }, 60_000);
});
