// Answer a held call with an envelope the tester writes: prefilled with the endpoint's usual success, checked
// before it is sent (what the control API refuses cannot be sent; what leaves the endpoint's contract is said
// in words beside the editor and can still be sent on purpose, to see how the partner's app copes).
import { useEffect, useState } from 'react';
import type { HeldRequest } from '../../../../src-shared/control';
import type { Checked } from './respond-check';

/** zod and the response schemas, in a chunk of their own (see respond-check.ts). */
const respondCheck = () => import('./respond-check');

type Envelope = NonNullable<Checked['envelope']>;

export function RespondEditor({ id, held, busy, onSend, onCancel }: {
  id: string; held: HeldRequest; busy: boolean; onSend: (envelope: Envelope) => void; onCancel: () => void;
}) {
  const [text, setText] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    let live = true;
    respondCheck().then(
      (m) => live && setText(m.usualEnvelope(held.endpoint, held.body)),
      (e: Error) => live && setLoadError(`The contract checks could not be loaded: ${e.message}`),
    );
    return () => {
      live = false;
    };
  }, [held.endpoint, held.body]);

  const problems = checked ? [...checked.refused, ...checked.offContract] : [];
  /** Off-contract and already shown for this very text: the second press sends it anyway. */
  const confirming = !!checked && !checked.refused.length && checked.offContract.length > 0;
  const send = async () => {
    if (text === null) return;
    if (confirming && checked.envelope) return onSend(checked.envelope);
    const result = (await respondCheck()).checkEnvelope(held.endpoint, text);
    setChecked(result);
    if (!result.refused.length && !result.offContract.length && result.envelope) onSend(result.envelope);
  };
  const errorsId = `${id}-errors`;

  return (
    <div className="held-respond" id={id} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onCancel())}>
      <label htmlFor={`${id}-text`} className="block">
        Envelope to answer {held.endpoint} with (JSON: status, message, data — success and status_code follow from status)
      </label>
      {text === null ? (
        <p className="muted small">{loadError ?? 'Loading the contract…'}</p>
      ) : (
        <textarea id={`${id}-text`} className="held-json" rows={12} spellCheck={false} value={text} disabled={busy}
          aria-invalid={problems.length ? true : undefined} aria-describedby={problems.length ? errorsId : undefined}
          onChange={(e) => (setText(e.target.value), setChecked(null))} />
      )}
      {/* Beside the editor, so what is wrong and where to fix it are in view together. */}
      {problems.length > 0 ? (
        <div id={errorsId} className="held-problems" role="alert" data-testid="respond-problems">
          <p>{checked?.refused.length ? 'The simulator would refuse this envelope:' : `This envelope leaves the ${held.endpoint} contract:`}</p>
          <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
          {confirming && <p className="small">Send anyway to see how the app copes with it.</p>}
        </div>
      ) : (
        <p className="muted small held-respond-hint">Send checks it against the {held.endpoint} response contract first and says here what does not fit.</p>
      )}
      <div className="held-row held-respond-actions">
        <button type="button" className={confirming ? 'btn danger' : 'btn primary'} disabled={busy || text === null || !!checked?.refused.length} onClick={() => void send()}>
          {confirming ? 'Send anyway' : 'Send'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}
