// The simulator's state as a whole: what is kept in memory besides the data (caches, the clock, fault
// rules, holds, autopilot rules, the journal's numbering) follows the data at start, after a reset and after a restore.
// The autopilot's rules and the clock are configuration: a reset keeps them (a restore takes the snapshot's, as
// for the fault rules); the pending steps are state, and go with the data.
import type { SimClock } from '../clock';
import type { Database } from '../db/database';
import type { Tx } from './context';
import type { SimulatorEventBus } from '../events';
import type { AppService } from './apps';
import type { AutopilotRulesService } from './autopilot/rules';
import type { clockService } from './clock';
import type { defaultsService } from './defaults';
import type { faultService } from './faults';
import type { HoldArmingService } from './holds/arming';
import type { journalService } from '../journal';
import { IMAGE_TYPES } from './pets';

/** What a reset does with the clock: keeps it (the default), or puts it back on real time. */
export interface ResetOptions { clock?: 'keep' | 'real_time' }

export interface SimulatorStateDeps {
  db: Database;
  clock: SimClock;
  events: SimulatorEventBus;
  apps: AppService;
  clockSettings: ReturnType<typeof clockService>;
  faults: ReturnType<typeof faultService>;
  holds: HoldArmingService;
  autopilotRules: AutopilotRulesService;
  journal: ReturnType<typeof journalService>;
  defaults: ReturnType<typeof defaultsService>;
  /** The rate limiter's windows (http/rate-limit.ts): a reset or a restore starts them over. */
  forgetRateWindows: () => void;
  /** Meta values restored data gets with it: a new token signing secret (tokens.ts restoredSecret). */
  restoredMeta?: () => Record<string, string>;
}

export function simulatorStateService(d: SimulatorStateDeps) {
  /** What memory holds besides the data, read again from the data; what had to be set back, in words. */
  const load = (): string[] => {
    d.apps.invalidate();
    const clockProblem = d.clockSettings.load();
    const faultsProblem = d.faults.load();
    const holdsProblem = d.holds.load();
    const autopilotProblem = d.autopilotRules.load();
    return [clockProblem, faultsProblem, holdsProblem, autopilotProblem].filter((p): p is string => !!p);
  };
  return {
    load,
    /**
     * Everything back to the defaults. `answer`, when given, is called as soon as the reset is committed
     * and in the op log, before the in-memory bookkeeping that follows it (caches, limiter windows, the
     * journal, the state event): that bookkeeping runs synchronously right after `answer`, so no other
     * request can be handled in between and none can see the state from before the reset.
     */
    async reset(answer?: () => void, options: ResetOptions = {}): Promise<void> {
      // The clock is test configuration, like the autopilot's rules: a reset keeps it as the test set it (issue 35
      // item 23: `beforeAll(freeze)` with `beforeEach(reset)` left every test after the first on real time), unless
      // asked to put it back on real time; first, so the demo app is stamped with the clock the data will run on.
      // The reset is one op-log record (the seeded state replayed from it), so a kill -9 at any point restarts from
      // the old state or the reset one (tested).
      d.clockSettings.interrupt(); // a clock move paused between slices must not go on over the reset data
      if (options.clock === 'real_time') d.clock.backToRealTime();
      // What is kept is written again in the reset's own logged step: a crash never loses it.
      await d.defaults.reset((tx) => {
        d.autopilotRules.keep(tx);
        d.clockSettings.keep(tx);
      });
      // Committed and durable: the caller may answer now, which takes the rest off the time a client
      // waits (issue 14). From here to the end nothing awaits (test/api/reset-order.test.ts).
      try {
        answer?.();
      } finally {
        // Even when answering failed: the reset is committed, and nothing may go on seeing the state before it.
        load();
        d.forgetRateWindows();
        d.journal.clear();
        d.events.state('simulator', 'all', 'reset');
      }
    },
    /**
     * The whole data replaced by what `write` writes (a scenario, domain/scenario/), as one logged step like a reset:
     * a throw rolls it all back and changes nothing. The clock and the rules are what `write` stores; the journal is
     * emptied (a bundle's journal is recorded after). Nothing awaits between the commit and the bookkeeping.
     */
    async replace(write: (tx: Tx) => void): Promise<void> {
      d.clockSettings.interrupt();
      await d.db.resetToSeeded(undefined, { key: 'scenario', fresh: write });
      load();
      d.forgetRateWindows();
      d.journal.clear();
      d.events.state('simulator', 'all', 'loaded');
    },
    /**
     * Replaces the data with a snapshot, checked completely in a database of its own first (db lifecycle). What
     * can only be checked once it is live — the default app seeded beside its apps, its stored settings read —
     * that fails puts the data from before back, file and memory, and the snapshot is refused.
     */
    async restore(bytes: Uint8Array): Promise<void> {
      d.clockSettings.interrupt(); // before the swap: a paused clock move must not run the snapshot's steps
      const before = d.db.export();
      // A new signing secret with the data: no owner's token from before the restore opens a consultation made after it.
      await d.db.replaceWith(bytes, Object.keys(IMAGE_TYPES), d.restoredMeta?.() ?? {});
      try {
        d.defaults.seed();
        const problems = load();
        if (problems.length) throw new Error(problems.join(' '));
      } catch (err) {
        await d.db.replaceWith(before, Object.keys(IMAGE_TYPES));
        load();
        throw new Error(`The snapshot cannot be used, and nothing was changed: ${(err as Error).message}`);
      }
      d.forgetRateWindows();
      d.events.state('simulator', 'all', 'restored');
    },
  };
}
