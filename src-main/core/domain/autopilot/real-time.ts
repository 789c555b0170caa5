// In real time (the clock not frozen) steps run as their time comes: a timer looks a few times a second, so a
// step runs within a second of falling due. Unref'd (it never keeps a process alive) and stopped on close.
// A frozen clock runs nothing until it is moved (POST /clock runs what falls due in the move).
import type { SimClock } from '../../clock';
import type { AutopilotSteps } from './steps';

const TICK_MS = 250;

export function realTimeAutopilot({ clock, steps }: { clock: SimClock; steps: AutopilotSteps }) {
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  const tick = () => {
    if (clock.state().frozen) return;
    try {
      steps.runDue(clock.nowMs());
      failing = false;
    } catch (err) {
      // Said once per run of failures, never thrown from a timer; the steps stay pending and are tried again.
      if (!failing) console.warn(`The autopilot could not run a due step: ${(err as Error).message}`);
      failing = true;
    }
  };
  return {
    start(): void {
      timer ??= setInterval(tick, TICK_MS);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
