// V8's worker threads (optimising SQLite's WebAssembly, optimising JavaScript, helping the GC) run at a
// lower priority than the main thread. A start makes V8 optimise ~0.3 s of SQLite code in the
// background; on a two-core machine those workers took the main thread's core for ~55 ms of a ~270 ms
// start (measured as the main thread's run-queue wait; issue 14, cold start). At a lower priority they
// still use every idle core at full speed, so on a larger machine nothing changes. libuv's threads (file
// reads, zlib, crypto) keep the main thread's priority. Linux only, and never raising anything.
// Buys (issue 24, two cores): without it a start's wall time was 1.05–1.18× on Node 24 (per-trial ratios,
// two sittings; V8's workers then used 1.28–1.34× the CPU before the first answer) and 1.05–1.20× on Node 22.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';

/** How much lower (in nice steps) V8's workers run than the main thread. */
export const BACKGROUND_NICE_STEPS = 10;

/** `--v8-pool-size` as Node read it (its default is 4; 0 means one per core but one). */
function v8PoolSize(): number {
  const args = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  let size = 4;
  args.forEach((a, i) => {
    const m = /^--v8-pool-size(?:=(\d+))?$/.exec(a);
    if (m) size = Number(m[1] ?? args[i + 1]);
  });
  return Number.isInteger(size) && size > 0 ? size : Math.max(1, availableParallelism() - 1);
}

/**
 * V8's workers among this process's threads. Node 24 names them (`V8Worker`); Node 22 does not (they are
 * `node`, as the main thread), but starts them right after its delayed-task thread, before any JavaScript
 * runs: the lowest thread ids after the main thread's (libuv's pool, started by the ES module loader, comes later).
 */
function v8Workers(): number[] {
  const others = readdirSync('/proc/self/task').map(Number).filter((t) => t !== process.pid).sort((a, b) => a - b);
  const name = (t: number) => {
    try {
      return readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const named = others.filter((t) => name(t) === 'V8Worker');
  return named.length ? named : others.slice(1, 1 + v8PoolSize());
}

/** Lowers the priority of V8's worker threads. Call it first thing, before the workers have work. */
export function lowerBackgroundThreads(): void {
  if (process.platform !== 'linux') return;
  let workers: number[];
  try {
    workers = v8Workers();
  } catch {
    return; // no /proc: leave the priorities as they are
  }
  for (const tid of workers) {
    try {
      setPriority(tid, Math.min(19, getPriority(tid) + BACKGROUND_NICE_STEPS));
    } catch {
      /* a thread that ended meanwhile, or a system that refuses: priorities are a speed matter only */
    }
  }
}
