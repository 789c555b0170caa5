// The decisions on a held call, as the UI makes them: each says in a toast what the waiting client got (or
// why the simulator refused: already decided, a busy vet), and takes the card away at once rather than at
// the next event, so a card never offers a decision twice. Arming and removing a hold only say how it went:
// the `holds` state event that the change causes reads the list again (holds-sync.ts), as for a script's.
import { control } from '../../api';
import { useStore } from '../../store';
import { sentence } from '../../components/common';
import type { HeldRequest, HoldArmRequest, HoldOutcome, Hold } from '../../../../src-shared/control';
import { outcomeWords } from './outcome-words';
import { refreshHeld } from './holds-sync';

export type Decision =
  | { kind: 'release'; vet_id?: string }
  | { kind: 'fail'; status: number; message?: string }
  | { kind: 'respond'; envelope: { status: number; message: string[]; data: unknown } }
  | { kind: 'close' };

const bodyOf = (d: Decision): unknown => {
  if (d.kind === 'release') return d.vet_id ? { vet_id: d.vet_id } : {};
  if (d.kind === 'fail') return d.message ? { status: d.status, message: d.message } : { status: d.status };
  if (d.kind === 'respond') return d.envelope;
  return {};
};

/** Each decision: one call of the generated client (its route's body checked by the server's schema). */
const DECIDE: Record<Decision['kind'], (id: string, body: unknown) => Promise<unknown>> = {
  release: (id, body) => control.releaseHeld({ params: { id }, body: body as never }),
  fail: (id, body) => control.failHeld({ params: { id }, body: body as never }),
  respond: (id, body) => control.respondHeld({ params: { id }, body: body as never }),
  close: (id) => control.closeHeld({ params: { id } }),
};

const NOT_DONE: Record<Decision['kind'], string> = { release: 'released', fail: 'failed', respond: 'answered', close: 'closed' };

/** Decides one held call; resolves true when the client got its answer. */
export async function decide(held: HeldRequest, d: Decision): Promise<boolean> {
  const s = useStore.getState();
  s.setDeciding(held.id, true);
  try {
    const outcome = (await DECIDE[d.kind](held.id, bodyOf(d))) as HoldOutcome;
    useStore.getState().setHeld(useStore.getState().held.filter((h) => h.id !== held.id));
    s.notify('ok', outcomeWords(held.endpoint, outcome, d.kind === 'fail' ? d.message : undefined));
    return true;
  } catch (e) {
    s.notify('error', `${held.endpoint} was not ${NOT_DONE[d.kind]}: ${sentence((e as Error).message)}`);
    return false;
  } finally {
    useStore.getState().setDeciding(held.id, false);
    void refreshHeld().catch(() => undefined);
  }
}

export async function releaseAll(): Promise<void> {
  const s = useStore.getState();
  const ids = s.held.map((h) => h.id);
  ids.forEach((id) => s.setDeciding(id, true));
  try {
    const { items } = (await control.releaseAllHeld()) as { items: HoldOutcome[] };
    useStore.getState().setHeld(useStore.getState().held.filter((h) => !ids.includes(h.id)));
    s.notify('ok', items.length ? `Released ${items.length} held ${items.length === 1 ? 'call' : 'calls'}: the simulator answered ${[...new Set(items.map((o) => o.status))].join(', ')}.` : 'No call was held any more.');
  } catch (e) {
    s.notify('error', `The held calls were not released: ${sentence((e as Error).message)}`);
  } finally {
    ids.forEach((id) => useStore.getState().setDeciding(id, false));
    void refreshHeld().catch(() => undefined);
  }
}

/** What a hold waits for, in words: "the next A8 of demo", "every A8 with pet_id 2". */
export function holdTarget(h: Pick<Hold, 'endpoint' | 'method' | 'app' | 'match'> & { count?: number }): string {
  const match = h.match && Object.keys(h.match).length ? ` with ${Object.entries(h.match).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(', ')}` : '';
  const which = h.count === 0 ? 'every' : h.count && h.count > 1 ? `the next ${h.count}` : 'the next';
  return `${which} ${h.method ? `${h.method} ` : ''}${h.endpoint}${h.app ? ` of ${h.app}` : ''}${match}`;
}

/** Arms a hold; resolves the hold, or undefined when the simulator refused it (said in a toast, and by `onRefused`). */
export async function arm(body: HoldArmRequest, onRefused?: (refusal: Error) => void): Promise<Hold | undefined> {
  const s = useStore.getState();
  try {
    const hold = (await control.armHold({ body: body as never })) as Hold;
    s.notify('ok', `Armed: ${holdTarget(hold)} will wait for your decision (up to ${hold.timeout_ms / 1000} s, then ${hold.on_timeout === 'fail' ? 'it fails' : 'it is released'}).`);
    return hold;
  } catch (e) {
    onRefused?.(e as Error);
    s.notify('error', `The hold was not armed: ${sentence((e as Error).message)}`);
    return undefined;
  }
}

export async function removeHold(h: Hold): Promise<void> {
  const s = useStore.getState();
  try {
    await control.removeHold({ params: { id: h.id } });
    s.notify('ok', `Hold on ${holdTarget(h)} removed.`);
  } catch (e) {
    s.notify('error', `The hold was not removed: ${sentence((e as Error).message)}`);
  }
}
