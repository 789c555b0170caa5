// One held call: what the partner's app sent (endpoint, method, path, app, the body as the journal masks it),
// how long it still waits and what happens then, and the decisions. A decision made here takes the keyboard
// to the next card (or back to the tabs), never to nowhere; a card that arrives never takes it.
import { useRef, useState } from 'react';
import { useStore } from '../../store';
import { AgentBadge } from '../../components/common';
import { JsonView } from '../../components/JsonView';
import type { HeldRequest } from '../../../../src-shared/control';
import { Countdown } from './Countdown';
import { FailControls, ReleaseControls } from './DecisionControls';
import { RespondEditor } from './RespondEditor';
import { decide, type Decision } from './holds-actions';

/** Where the keyboard goes once this card is gone: the next card, the previous one, or the selected tab. */
function focusAfter(card: HTMLElement | null): () => void {
  const had = !!card && card.contains(document.activeElement);
  const next = (card?.nextElementSibling ?? card?.previousElementSibling) as HTMLElement | null;
  return () => {
    if (!had) return;
    const target = next?.isConnected ? next : document.querySelector<HTMLElement>('[role=tablist] [aria-selected=true]');
    target?.focus();
  };
}

export function HeldCard({ held }: { held: HeldRequest }) {
  const deciding = useStore((s) => s.deciding.includes(held.id));
  const [responding, setResponding] = useState(false);
  const card = useRef<HTMLElement>(null);
  const respondButton = useRef<HTMLButtonElement>(null);
  const idBase = `held-${held.id}`;
  const name = `held ${held.endpoint} (${held.id})`;
  const run = async (d: Decision) => {
    const refocus = focusAfter(card.current);
    if (await decide(held, d)) setTimeout(refocus);
  };
  const closeEditor = () => {
    setResponding(false);
    setTimeout(() => respondButton.current?.focus());
  };

  return (
    <article ref={card} className={responding ? 'held-card responding' : 'held-card'} aria-labelledby={`${idBase}-title`} aria-busy={deciding} tabIndex={-1} data-testid="held-card" data-held-id={held.id}>
      <div className="held-head">
        <h3 id={`${idBase}-title`} className="held-title">
          <span className="held-endpoint">{held.endpoint}</span> <span className={`method ${held.method}`}>{held.method}</span>{' '}
          <code className="path" title={held.path}>{held.path}</code>
        </h3>
        <Countdown held={held} />
      </div>
      <p className="held-meta muted small">
        App <b>{held.app}</b> · held at {held.received_at.slice(11, 19)} UTC by {held.hold_id}<AgentBadge agent={held.agent} />
        {held.query && <> · query <code>{held.query}</code></>}
        {!held.client_connected && <span className="warn-text"> · the client has left</span>}
      </p>
      {held.body ? (
        // Scrolls on its own, so it is a tab stop with a name: keyboard users can scroll it too.
        <div className="held-body" role="region" aria-label={`Body of ${name}`} tabIndex={0}>
          <JsonView value={held.body} />
        </div>
      ) : (
        <p className="muted small">No body.</p>
      )}
      <ReleaseControls held={held} busy={deciding} idBase={idBase} onRelease={(vet_id) => void run({ kind: 'release', vet_id })} />
      <FailControls busy={deciding} idBase={idBase} name={name} onFail={(status, message) => void run({ kind: 'fail', status, message })} />
      <div className="held-row">
        <button ref={respondButton} type="button" className="btn" aria-expanded={responding} aria-controls={responding ? `${idBase}-respond` : undefined}
          disabled={deciding} onClick={() => setResponding(!responding)} title="Answer with an envelope you write, checked against the endpoint's contract">
          Respond…
        </button>
        <button type="button" className="btn danger-outline" disabled={deciding} onClick={() => void run({ kind: 'close' })}
          title="Destroy the connection with no answer, as a dropped network would">
          Close connection
        </button>
        {deciding && <span className="muted small">Waiting for the client to get its answer…</span>}
      </div>
      {responding && (
        <RespondEditor id={`${idBase}-respond`} held={held} busy={deciding} onCancel={closeEditor}
          onSend={(envelope) => void run({ kind: 'respond', envelope })} />
      )}
    </article>
  );
}
