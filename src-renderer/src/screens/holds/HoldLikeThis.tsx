// From a logged request to a hold: "Hold the next call like this" arms a one-shot hold on the same endpoint,
// method and app. And, for a request a hold kept, what was decided, by whom and after how long, so a made-up
// answer never reads as the simulator's own (behaviour §18).
import { useState } from 'react';
import type { HoldOutcome, JournalEntry } from '../../../../src-shared/control';
import { arm } from './holds-actions';
import { holdLike } from './RowMenu';

export function HoldLikeThis({ entry }: { entry: JournalEntry }) {
  const [busy, setBusy] = useState(false);
  if (!entry.endpoint) return null; // not a partner route: nothing a hold could match
  return (
    <button type="button" className="btn small" disabled={busy} data-testid="hold-like-this"
      title={`Keep the next ${entry.method} ${entry.endpoint}${entry.app ? ` of ${entry.app}` : ''} waiting for your decision (Held calls, above the tabs)`}
      onClick={async () => (setBusy(true), await arm(holdLike(entry)), setBusy(false))}>
      Hold the next call like this
    </button>
  );
}

const BY: Record<HoldOutcome['by'], string> = { ui: 'the tester (UI)', control_api: 'a script (control API)', agent: 'an agent (MCP)', timeout: 'its deadline', client: 'the client, which left' };
/** Who decided, in words: an agent by its name. */
const decidedBy = (h: HoldOutcome) => (h.by === 'agent' && h.agent ? `agent ${h.agent} (MCP)` : BY[h.by]);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The journal's note on an answer a hold kept or decided; null for any other. */
export function holdNote(entry: JournalEntry): string | null {
  const h = entry.hold;
  if (!h || (entry.injected !== 'held' && entry.injected !== 'decided')) return null;
  switch (h.decision) {
    case 'release':
      return `A hold kept this request ${seconds(h.held_ms)}; released by ${decidedBy(h)}${h.vet_id ? ` to ${h.vet_id}` : ''}, then the API answered it.`;
    case 'fail':
      return `A hold decided this answer: failed with ${h.status} by ${decidedBy(h)} after ${seconds(h.held_ms)}. The API did not process it.`;
    case 'respond':
      return `A hold decided this answer: an envelope written by ${decidedBy(h)} after ${seconds(h.held_ms)}. The API did not process it.`;
    case 'close':
      return `A hold closed this connection with no answer (${decidedBy(h)}, after ${seconds(h.held_ms)}). The API did not process it.`;
    case 'client_gone':
      return `The client left after ${seconds(h.client_gone_after_ms ?? h.held_ms)} while a hold kept this request: nothing was processed.`;
  }
}
