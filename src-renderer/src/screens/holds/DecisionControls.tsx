// The quick decisions of a held call: release (A8 and B10 may pick the vet) and fail with a status. Every
// control has a visible label; the card's heading names the call, so "Release" needs no more words.
import { useState } from 'react';
import { useStore } from '../../store';
import type { HeldRequest, VetRecord } from '../../../../src-shared/control';

/** Only these endpoints assign a vet, so only their release can choose one (the control API refuses others). */
export const PICKS_A_VET = new Set(['A8', 'B10']);
/** The statuses a tester fails a call with most: maintenance, a crash, the rate limit, then refusals. */
export const FAIL_STATUSES: [number, string][] = [
  [503, '503 Unavailable'], [500, '500 Server Error'], [429, '429 Too Many'],
  [400, '400 Bad Request'], [404, '404 Not Found'], [422, '422 Invalid'],
];

const vetState = (v: VetRecord) => (!v.online ? 'offline' : v.busy ? 'busy' : 'online, free');
/** Free vets first: the ones a release can go to. */
const byAvailability = (a: VetRecord, b: VetRecord) => Number(!a.online || a.busy) - Number(!b.online || b.busy);

export function ReleaseControls({ held, busy, onRelease, idBase }: { held: HeldRequest; busy: boolean; onRelease: (vetId?: string) => void; idBase: string }) {
  const vets = useStore((s) => s.vets);
  const [vet, setVet] = useState('');
  const picks = PICKS_A_VET.has(held.endpoint);
  return (
    <div className="held-row">
      {picks && (
        <label className="inline" htmlFor={`${idBase}-vet`}>
          Vet
          <select id={`${idBase}-vet`} value={vet} onChange={(e) => setVet(e.target.value)} disabled={busy}>
            <option value="">Any free vet (as usual)</option>
            {vets.slice().sort(byAvailability).map((v) => (
              // A busy or offline vet would be refused (409): shown, so the tester sees why, but not offered.
              <option key={v.id} value={v.id} disabled={!v.online || v.busy}>
                {v.first_name} {v.last_name} ({v.id}) — {vetState(v)}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="btn primary" disabled={busy} onClick={() => onRelease(vet || undefined)}
        title="Let the simulator process the call as usual and answer it">
        Release
      </button>
    </div>
  );
}

export function FailControls({ busy, onFail, idBase, name }: { busy: boolean; onFail: (status: number, message?: string) => void; idBase: string; name: string }) {
  const [status, setStatus] = useState(503);
  const [message, setMessage] = useState('');
  return (
    <form className="held-row" aria-label={`Fail ${name}`} noValidate onSubmit={(e) => (e.preventDefault(), onFail(status, message.trim() || undefined))}>
      <label className="inline" htmlFor={`${idBase}-status`}>
        Status
        <select id={`${idBase}-status`} value={status} onChange={(e) => setStatus(Number(e.target.value))} disabled={busy}>
          {FAIL_STATUSES.map(([s, label]) => <option key={s} value={s}>{label}</option>)}
        </select>
      </label>
      <label className="inline" htmlFor={`${idBase}-message`}>
        Message
        <input id={`${idBase}-message`} className="held-message" placeholder="the usual one" maxLength={500} value={message}
          onChange={(e) => setMessage(e.target.value)} disabled={busy} />
      </label>
      <button className="btn danger" disabled={busy} title="Answer the waiting client with this failure envelope; nothing is processed">Fail</button>
    </form>
  );
}
