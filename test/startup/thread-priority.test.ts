// Issue 14, cold start: V8's workers (optimising SQLite's WebAssembly at start) run at a lower priority
// than the main thread, so on a two-core machine they no longer take its core (cli/thread-priority.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE_STEPS } from '../../src-main/cli/thread-priority';
import { requireBuild, run, tempDir, type Running } from '../cli/run';

/** The nice value of each thread of `pid` (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceByThread(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
    out.set(Number(tid), Number(fields[19 - 3]));
  }
  return out;
}

let running: Running | undefined;
afterEach(() => {
  running?.child.kill('SIGKILL');
  running = undefined;
});

describe.runIf(process.platform === 'linux')("the server's threads", () => {
  beforeAll(requireBuild);

  it('keep the main thread at the priority it was started with and run every worker lower', async () => {
    const started = run(['--port', '0', '--data-dir', tempDir()]);
    running = started;
    await started.ready;
    const pid = started.child.pid!;
    const ours = getPriority(); // the child inherits this test's priority
    const nice = niceByThread(pid);
    const lowered = Math.min(19, ours + BACKGROUND_NICE_STEPS);
    expect(nice.get(pid)).toBe(ours);
    const workers = [...nice].filter(([tid]) => tid !== pid).map(([, n]) => n);
    // V8 starts 4 workers by default (--v8-pool-size); all of them are lowered.
    expect(workers.filter((n) => n === lowered).length, `nice values ${JSON.stringify([...nice])}`).toBeGreaterThanOrEqual(4);
    expect(workers.every((n) => n >= ours)).toBe(true);
  }, 30_000);
});
