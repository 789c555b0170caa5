// What a held call's client got, in the words of a toast: "A8 answered 503 Maintenance", never a status alone.
import type { HeldEvent, HoldOutcome } from '../../../../src-shared/control';

/** The toast after this window decided: what the waiting client received. */
export function outcomeWords(endpoint: string, outcome: HoldOutcome, message?: string): string {
  switch (outcome.decision) {
    case 'release':
      return `${endpoint} released: the simulator answered ${outcome.status}${outcome.vet_id ? ` with ${outcome.vet_id}` : ''}.`;
    case 'fail':
      return `${endpoint} answered ${outcome.status}${message ? ` ${message}` : ''}.`;
    case 'respond':
      return `${endpoint} answered ${outcome.status} with your envelope.`;
    case 'close':
      return `${endpoint}: connection closed, the client got no answer.`;
    case 'client_gone':
      return `${endpoint}: the client had already left; nothing was processed.`;
  }
}

const DONE: Record<NonNullable<HeldEvent['decision']>, string> = {
  release: 'was released',
  fail: 'was failed',
  respond: 'was answered with a given envelope',
  close: 'had its connection closed',
  client_gone: "was left by its client before a decision: nothing was processed",
};

/** A call decided by its deadline, a script or another window (the event names no decider). */
export function decidedElsewhere(e: HeldEvent): string {
  if (e.decision === 'client_gone') return `The held ${e.endpoint} ${DONE.client_gone}.`;
  return `The held ${e.endpoint} ${e.decision ? DONE[e.decision] : 'was decided'} (at its deadline, or by a script or another window).`;
}
