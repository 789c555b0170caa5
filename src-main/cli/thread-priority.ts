// V8's worker threads (optimising SQLite's WebAssembly, optimising JavaScript, helping the GC) run at a
// lower priority than the main thread. A start makes V8 optimise ~0.3 s of SQLite code in the
// background; on a two-core machine those workers took the main thread's core for ~55 ms of a ~270 ms
// start (measured as the main thread's run-queue wait; issue 14, cold start). At a lower priority they
// still use every idle core at full speed, so on a larger machine nothing changes. Linux only, and
// never raising anything: a thread already niced further is left alone.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much lower (in nice steps) the other threads of this process run than the main thread. */
export const BACKGROUND_NICE_STEPS = 10;

/**
 * Lowers the priority of every thread of this process but the main one. Call it first thing: threads
 * started later by the main thread (libuv's file-reading pool) inherit the main thread's priority.
 */
export function lowerBackgroundThreads(): void {
  if (process.platform !== 'linux') return;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return; // no /proc: leave the priorities as they are
  }
  for (const task of tasks) {
    const tid = Number(task);
    if (tid === process.pid) continue;
    try {
      setPriority(tid, Math.min(19, getPriority(tid) + BACKGROUND_NICE_STEPS));
    } catch {
      /* a thread that ended meanwhile, or a system that refuses: priorities are a speed matter only */
    }
  }
}
