// Holds (behaviour §18): the breakpoints armed on partner calls and the requests they hold now, as the
// control API lists them. Fed by screens/holds/holds-sync.ts on `held` events, `holds` state events and
// every (re)connection; nothing here is computed, so a second window or a script shows the same queue.
import type { StateCreator } from 'zustand';
import type { HeldRequest, Hold } from '../../../src-shared/control';
import type { Store } from './types';

export interface HoldsSlice {
  /** Armed holds, oldest first. */
  holds: Hold[];
  /** Requests waiting for a decision, oldest first: the order they queue in, as the simulator lists them. */
  held: HeldRequest[];
  /** Held ids this window is deciding now: their cards wait for the answer instead of offering actions twice. */
  deciding: string[];
  setHolds: (holds: Hold[]) => void;
  setHeld: (held: HeldRequest[]) => void;
  setDeciding: (id: string, on: boolean) => void;
}

export const holdsSlice: StateCreator<Store, [], [], HoldsSlice> = (set, get) => ({
  holds: [],
  held: [],
  deciding: [],
  setHolds: (holds) => set({ holds }),
  setHeld: (held) => set({ held }),
  setDeciding: (id, on) => {
    const rest = get().deciding.filter((d) => d !== id);
    set({ deciding: on ? [...rest, id] : rest });
  },
});
