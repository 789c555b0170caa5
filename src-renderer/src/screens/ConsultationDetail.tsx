// One consultation: the user and pet cards, the vet's actions, the conversation, the feedback form and the timeline.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import type { TimelineEntry } from '../store/shared';
import type { VetAction, VetActionRefusals } from '../../../src-shared/control';
import { KeyValues, ago, sentence } from '../components/common';
import { Conversation } from './Conversation';
import { FeedbackForm } from './FeedbackForm';
import { Timeline } from './Timeline';

export interface ConsultationView {
  id: number; sid: string; type: 'chat' | 'video'; status: string; outcome: string | null; vet_id: string; identity: string; app_name: string | null;
  created_at: string; accepted_at: string | null; ended_at: string | null; waiting_seconds: number;
  user?: { id: number; email: string; first_name: string; last_name: string | null; role: string; status: string; phone_no: string | null; emergency_fund: number };
  pet?: { id: number; name: string; species: string | null; breed: string | null; age: string; weight: string | null; sex: string; profile: string | null };
  vet?: { id: string; username: string; first_name: string; last_name: string };
  feedback: { recommendation: string; reason: string; feedback_date: string; vet_id: string; emergency_activated: number; emergency_note: string | null } | null;
  /** Why each vet action would be refused now, in the simulator's words (its 409); null when it applies. */
  refusals?: VetActionRefusals;
  /** Optional: a server from before conversations sends neither (the UI then leaves them out). */
  timeline?: TimelineEntry[];
  owner_page_url?: string | null;
}

/**
 * Why a vet action does not apply to the consultation as it stands, as the simulator sent it (the card's `refusals`,
 * the very sentence its 409 would answer), or undefined when it does: the button is disabled with the reason.
 */
export const refusal = (c: Pick<ConsultationView, 'refusals'>, action: VetAction): string | undefined => c.refusals?.[action] ?? undefined;

const FAILED: Record<string, string> = { accept: 'The chat was not accepted', end: 'It was not ended', outcome: 'The outcome was not recorded', feedback: 'The feedback was not saved' };

export function ConsultationDetail({ sid }: { sid: string }) {
  const [c, setC] = useState<ConsultationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The timeline also moves with messages and with partner requests that only read (A9, A11).
  const version = useStore((s) => (s.versions.consultation ?? 0) + (s.versions.feedback ?? 0) + (s.versions.timeline ?? 0) + (s.messageVersions[sid] ?? 0));
  const [busy, setBusy] = useState(false);
  const [lastResult, setLastResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    api.get<ConsultationView>(`/consultations/${sid}`).then((d) => (setC(d), setError(null)), (e: Error) => setError(e.message));
  }, [sid, version]);
  useEffect(() => setLastResult(null), [sid]);

  if (error) return <p className="error-text">{error}</p>;
  if (!c) return <p className="muted">Loading…</p>;

  const act = async (label: string, path: string, body: unknown, method: 'post' | 'put' = 'post') => {
    setBusy(true);
    try {
      const next = await api[method]<ConsultationView>(`/consultations/${c.sid}/${path}`, body);
      setC(next);
      setLastResult({ ok: true, text: label });
      useStore.getState().notify('ok', label);
    } catch (e) {
      setLastResult({ ok: false, text: (e as Error).message });
      useStore.getState().notify('error', `${FAILED[path] ?? 'That did not work'}: ${sentence((e as Error).message)}`);
    } finally {
      setBusy(false);
    }
  };
  const action = (kind: 'accept' | 'end' | 'outcome', label: string, run: () => void, primary = false) => {
    const why = refusal(c, kind);
    return (
      <button type="button" className={primary ? 'btn primary' : 'btn'} disabled={busy || !!why} title={why} aria-describedby={why ? 'vet-actions-note' : undefined} onClick={run}>
        {label}
      </button>
    );
  };
  const note = c.type === 'chat'
    ? { waiting: 'Waiting for a vet: accept it, or end it unanswered.', active: 'In progress: end it when the talk is over.', ended: 'This chat has ended: only the feedback can still change.' }[c.status]
    : { ringing: 'Ringing: record what the vet did with the call.', accepted: 'Accepted: end the call when it is over.' }[c.status] ?? `This call is ${c.status}: its outcome is recorded.`;

  return (
    <div className="consultation" data-testid="consultation-detail">
      <div className="cards">
        <div className="card">
          <h3 className="h4">{c.type === 'chat' ? 'Chat' : 'Video call'} <span className={`pill ${c.status}`} data-testid="consultation-status">{c.status}</span></h3>
          <KeyValues rows={[['SID', <code>{c.sid}</code>], ['App', c.app_name], ['Vet', c.vet ? `${c.vet.first_name} ${c.vet.last_name} (${c.vet.id})` : c.vet_id], ['Started', `${c.created_at} (${ago(c.waiting_seconds)} ago)`], ['Outcome', c.outcome]]} />
        </div>
        <div className="card">
          <h3 className="h4">User</h3>
          {c.user ? <KeyValues rows={[['Name', `${c.user.first_name} ${c.user.last_name ?? ''}`], ['E-mail', c.user.email], ['Role', c.user.role], ['Status', c.user.status], ['Fund', String(c.user.emergency_fund)]]} /> : <p className="muted">Unknown user</p>}
        </div>
        <div className="card">
          <h3 className="h4">Pet</h3>
          {c.pet ? (
            <>
              {c.pet.profile && <img className="pet-photo" src={c.pet.profile.replace(/^https?:\/\/[^/]+/, '')} alt={c.pet.name} />}
              <KeyValues rows={[['Name', c.pet.name], ['Species', c.pet.species], ['Breed', c.pet.breed], ['Age', c.pet.age], ['Weight', c.pet.weight ? `${c.pet.weight} lbs` : null], ['Sex', c.pet.sex]]} />
            </>
          ) : <p className="muted">No pet</p>}
        </div>
      </div>

      <div className="actions" role="group" aria-label="Vet actions">
        {c.type === 'chat' ? (
          <>
            {action('accept', 'Accept chat', () => void act('Chat accepted.', 'accept', {}), true)}
            {action('end', 'End chat', () => void act('Chat ended.', 'end', {}))}
          </>
        ) : (
          <>
            <span className="muted">Call outcome:</span>
            {action('outcome', 'Accepted', () => void act('Call accepted.', 'outcome', { status: 'accepted' }), true)}
            {action('outcome', 'Declined', () => void act('Call declined.', 'outcome', { status: 'declined' }))}
            {action('outcome', 'No answer', () => void act('Call marked not answered.', 'outcome', { status: 'notanswered' }))}
            {action('end', 'End call', () => void act('Call ended.', 'end', {}))}
          </>
        )}
      </div>
      <p className="muted small actions-note" id="vet-actions-note" data-testid="actions-note">{note}</p>
      {lastResult && <p className={lastResult.ok ? 'ok-text' : 'error-text'} data-testid="action-result" role="status">{lastResult.ok ? '✓ ' : '✕ '}{lastResult.text}</p>}

      <Conversation key={`conversation-${c.sid}`} c={c} />
      <FeedbackForm key={`feedback-${c.sid}`} c={c} busy={busy} save={(label, body) => void act(label, 'feedback', body, 'put')} />
      <Timeline entries={c.timeline} />
    </div>
  );
}
