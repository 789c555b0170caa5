// Why a vet action does not apply to a consultation as it stands: the sentence its 409 says (consultations.ts
// throws it) and the reason the vet console shows on the disabled button (the card's `refusals`), from this one
// place, so the UI never keeps a copy of the server's sentences that could drift from them.
import type { VetAction, VetActionRefusals } from '../../../src-shared/control';

type State = { type: string; status: string; outcome: string | null };

/** The refusal of `action` on a consultation in this state, or undefined when the action applies. */
export function vetActionRefusal(c: State, action: VetAction): string | undefined {
  if (c.type === 'chat') {
    if (action === 'accept') return c.status === 'waiting' ? undefined : `Chat is ${c.status}, not waiting.`;
    if (action === 'end') return c.status === 'ended' ? 'Chat already ended' : undefined;
    return 'Call outcomes apply to video calls only.';
  }
  if (action === 'accept') return 'Only chats are accepted; record an outcome for a video call.';
  if (action === 'end') return c.status === 'accepted' ? undefined : `Only an accepted call can be ended; this call is ${c.status}.`;
  return c.status === 'ringing' ? undefined : `Video call outcome already recorded (${c.outcome ?? c.status}).`;
}

/** Each vet action's refusal on this consultation (null: it applies), as the control API's card carries them. */
export const vetActionRefusals = (c: State): VetActionRefusals => ({
  accept: vetActionRefusal(c, 'accept') ?? null,
  end: vetActionRefusal(c, 'end') ?? null,
  outcome: vetActionRefusal(c, 'outcome') ?? null,
});
