// The simulator clock as the tester moves it (control API): each change is stored, so a restart keeps
// it, and announced with a `clock` state event, in one unit of work like every other write.
import type { z } from 'zod';
import type { clockBody } from '../../../src-shared/schemas/control';
import type { ClockState, SimClock } from '../clock';
import type { UnitOfWork } from '../db/unit-of-work';
import type { Reads } from './context';

const CLOCK_KEY = 'clock';

export function clockService({ clock, uow, reads }: { clock: SimClock; uow: UnitOfWork; reads: Reads }) {
  return {
    state: (): ClockState => clock.state(),
    /** The stored setting (at start, after a reset or a restore); a value that does not read means real time. */
    load(): void {
      clock.restore(reads.meta.get(CLOCK_KEY));
    },
    /** Advance, set, freeze or thaw, or back to real time. */
    change(body: z.infer<typeof clockBody>): ClockState {
      if ('advance_seconds' in body) clock.advance(body.advance_seconds * 1000);
      else if ('set' in body) clock.set(Date.parse(body.set));
      else if ('frozen' in body) clock.freeze(body.frozen);
      else clock.backToRealTime();
      uow.run((tx) => {
        tx.meta.set(CLOCK_KEY, clock.serialize());
        tx.events.state('clock', 'clock', 'changed');
      });
      return clock.state();
    },
  };
}
