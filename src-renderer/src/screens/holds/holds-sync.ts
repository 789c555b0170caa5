// Keeps the holds slice in step with the simulator: every `held` event (a request held or decided) reads the
// queue again, every `holds` state event the armed holds, and a (re)connection both. Reading the lists again,
// rather than patching them from the events, keeps a second window or a script's decisions in the same order.
import { control } from '../../api';
import { useStore } from '../../store';
import type { HeldEvent, HeldRequest, Hold, StateEvent } from '../../../../src-shared/control';
import { decidedElsewhere } from './outcome-words';

/** Responses can come back out of order when events follow each other closely: only the newest read counts. */
function latest<T>(read: () => Promise<T>, apply: (value: T) => void): () => Promise<void> {
  let asked = 0;
  return async () => {
    const mine = ++asked;
    const value = await read();
    if (mine === asked) apply(value);
  };
}

export const refreshHeld = latest(
  () => control.listHeld() as Promise<{ items: HeldRequest[] }>,
  (r) => useStore.getState().setHeld(r.items),
);
const refreshHolds = latest(
  () => control.listHolds() as Promise<{ items: Hold[] }>,
  (r) => useStore.getState().setHolds(r.items),
);

export function refreshAllHolds(): Promise<unknown> {
  return Promise.all([refreshHeld(), refreshHolds()]);
}

/** The stream's `held` events: read the queue again; say what happened to a call decided outside this window. */
export function onHeldEvents(data: string): void {
  let events: HeldEvent[];
  try {
    events = JSON.parse(data) as HeldEvent[];
  } catch {
    return;
  }
  if (!Array.isArray(events)) return;
  const s = useStore.getState();
  for (const e of events) {
    // A decision this window made says so itself, with what the client got (holds-actions.ts).
    if (e.action === 'decided' && !s.deciding.includes(e.id) && s.held.some((h) => h.id === e.id)) s.notify('ok', decidedElsewhere(e));
  }
  void refreshHeld().catch(() => undefined);
}

/**
 * `state` events: armed holds changed (armed or removed, here or elsewhere; a held request took one of a count,
 * so Remaining changed). The one read of the list after each change. A reset reloads everything (sync.ts).
 */
export function onHoldsState(events: StateEvent[]): void {
  if (events.some((e) => e.entity === 'holds')) void refreshHolds().catch(() => undefined);
}
