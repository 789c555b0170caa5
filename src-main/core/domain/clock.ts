// The simulator clock as the tester moves it (control API): each change is stored, so a restart keeps
// it, and announced with a `clock` state event, in one unit of work like every other write.
//
// Moving the clock forward runs the autopilot's steps that fall due in the move, in due order, before the
// answer: the clock is set to each step's due time in turn, so the step happens (and is stamped) at its own
// time, and each step's unit of work stores the clock it ran at. A frozen clock runs nothing until moved.
// The steps run in slices (autopilot/real-time.ts SLICE_MS), the event loop getting its turn between them, so a
// move over 30,000 steps never holds a partner request more than a slice (behaviour §17); moves run one at a time.
import type { z } from 'zod';
import type { clockBody } from '../../../src-shared/schemas/control';
import { durationMs } from '../../../src-shared/schemas/duration';
import { clockInRange, type ClockState, type SimClock } from '../clock';
import type { UnitOfWork } from '../db/unit-of-work';
import { DomainError } from '../errors';
import type { AutopilotSteps } from './autopilot/steps';
import { SLICE_MS } from './autopilot/real-time';
import type { Reads, Tx } from './context';

const CLOCK_KEY = 'clock';

/** The autopilot's steps as the clock sees them: when the next falls due, and running it. */
type DueSteps = Pick<AutopilotSteps, 'nextDue' | 'runNext'>;
const NO_STEPS: DueSteps = { nextDue: () => undefined, runNext: () => false };

export function clockService({ clock, uow, reads, steps = NO_STEPS }: { clock: SimClock; uow: UnitOfWork; reads: Reads; steps?: DueSteps }) {
  const store = (tx: Tx) => tx.meta.set(CLOCK_KEY, clock.serialize());

  /**
   * Runs every step due by `target` (epoch ms), each at its due time (never moving the clock back), a slice at a
   * time; how many ran.
   */
  const travelTo = async (target: number): Promise<number> => {
    const started = generation;
    let ran = 0;
    let sliceStarted = performance.now();
    for (let due = steps.nextDue(); due !== undefined && due <= target; due = steps.nextDue()) {
      if (due > clock.nowMs()) clock.set(due);
      ran += Number(steps.runNext(store));
      if (performance.now() - sliceStarted >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
        if (generation !== started) throw interrupted();
      }
    }
    return ran;
  };

  /** Forward by `ms`: with no step in the way, exactly the old advance (a running clock keeps its offset arithmetic). */
  const advance = async (ms: number) => {
    const target = clock.nowMs() + ms;
    if (ms >= 0 && (await travelTo(target))) clock.set(target);
    else clock.advance(ms);
  };

  /** The move under way: the next waits for it, so two moves never interleave their steps. */
  let moving: Promise<unknown> = Promise.resolve();
  /**
   * Bumped by a reset or a restore: a move paused between two slices stops there instead of running the new data's
   * steps and setting the clock over what the reset or the restore left (it once put a reset's real time an hour ahead).
   */
  let generation = 0;
  const interrupted = () =>
    new DomainError(409, ['The clock move was interrupted: the data was reset or restored while its steps ran.'], {}, 'clock_move_interrupted');

  return {
    state: (): ClockState => clock.state(),
    /** Writes the clock as it is into a reset's unit of work, which emptied the meta table: a reset keeps it. */
    keep: (tx: Tx): void => store(tx),
    /** A reset or a restore begins: a move between two slices stops (its request answers 409). */
    interrupt: (): void => void generation++,
    /**
     * The stored setting (at start, after a reset or a restore); a value that does not read, or names an instant
     * outside years 1970–9999, means real time: the sentence to tell the user, or undefined.
     */
    load(): string | undefined {
      if (clock.restore(reads.meta.get(CLOCK_KEY))) return undefined;
      return 'The stored simulator clock was not a time between 1970 and 9999; the clock runs in real time instead.';
    },
    /**
     * Advance (seconds, a duration, or to the next autopilot step), set, freeze or thaw, or back to real time. Every
     * move is checked on where it lands (advance_to once let a step ten years out take the clock to year 10009, and
     * the data stamped there broke B5 for good); freezing and real time are always allowed, so they bring back a
     * clock that real time carried to the end of 9999 (where it stops: SimClock.nowMs).
     */
    change(body: z.infer<typeof clockBody>): Promise<ClockState> {
      const move = moving.then(() => changeNow(body));
      moving = move.catch(() => undefined);
      return move;
    },
  };

  async function changeNow(body: z.infer<typeof clockBody>): Promise<ClockState> {
    const now = clock.nowMs();
    const landing = (target: number) => {
      if (!clockInRange(target)) throw new DomainError(422, ['The clock must stay between 1970-01-01 and 9999-12-31.']);
      return target;
    };
    const by = 'advance_seconds' in body ? body.advance_seconds * 1000 : 'advance' in body ? (durationMs(body.advance) ?? 0) : undefined;
    if (by !== undefined) {
      landing(now + by);
      await advance(by);
    } else if ('advance_to' in body) {
      const due = steps.nextDue();
      if (due === undefined) throw new DomainError(409, ['No autopilot step is pending.'], {}, 'no_pending_step');
      await travelTo(landing(Math.max(due, now)));
    } else if ('set' in body) {
      const at = landing(Date.parse(body.set));
      if (at > now) await travelTo(at);
      clock.set(at);
    } else if ('frozen' in body) clock.freeze(body.frozen);
    else clock.backToRealTime();
    uow.run((tx) => {
      store(tx);
      tx.events.state('clock', 'clock', 'changed');
    });
    return clock.state();
  }
}
