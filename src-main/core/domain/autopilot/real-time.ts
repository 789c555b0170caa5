// In real time (the clock not frozen) steps run as their time comes: a timer looks a few times a second, so a
// step runs within a second of falling due. Unref'd (it never keeps a process alive) and stopped on close.
// A frozen clock runs nothing until it is moved (POST /clock runs what falls due in the move).
//
// Due steps run in slices of at most SLICE_MS, the rest after the event loop has had its turn (setImmediate runs
// after the I/O callbacks waiting): 30,000 steps falling due together once held every request for 2.2 s in one
// synchronous loop (issue 35 item 8); now a partner request waits one slice at most (behaviour §17: ≤ 20 ms).
import type { SimClock } from '../../clock';
import type { AutopilotSteps } from './steps';

const TICK_MS = 250;
/** How long one slice may run steps before it lets waiting requests in. */
export const SLICE_MS = 8;

export function realTimeAutopilot({ clock, steps }: { clock: SimClock; steps: Pick<AutopilotSteps, 'nextDue' | 'runNext'> }) {
  let timer: NodeJS.Timeout | undefined;
  /** The next slice, while steps that fell due are still being run; ticks meanwhile leave it to finish. */
  let slice: NodeJS.Immediate | undefined;
  let failing = false;

  const runSlice = () => {
    slice = undefined;
    if (clock.state().frozen) return;
    const until = clock.nowMs();
    const started = performance.now();
    try {
      for (let due = steps.nextDue(); due !== undefined && due <= until; due = steps.nextDue()) {
        steps.runNext();
        if (performance.now() - started >= SLICE_MS) {
          slice = setImmediate(runSlice).unref();
          break;
        }
      }
      failing = false;
    } catch (err) {
      // Said once per run of failures, never thrown from a timer; the steps stay pending and are tried at the next tick.
      if (!failing) console.warn(`The autopilot could not run a due step: ${(err as Error).message}`);
      failing = true;
    }
  };

  return {
    start(): void {
      timer ??= setInterval(() => {
        if (!slice) runSlice();
      }, TICK_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
      clearImmediate(slice);
      slice = undefined;
    },
  };
}
