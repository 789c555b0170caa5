// One consultation: the user and pet cards, the vet's actions, the conversation, the feedback form and the timeline.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import { RECOMMENDATIONS, RECOMMENDATION_LABELS, type TimelineEntry } from '../store/shared';
import { KeyValues, ago, useAction } from '../components/common';
import { Conversation } from './Conversation';
import { Timeline } from './Timeline';

export interface ConsultationView {
  id: number; sid: string; type: 'chat' | 'video'; status: string; outcome: string | null; vet_id: string; identity: string; app_name: string | null;
  created_at: string; accepted_at: string | null; ended_at: string | null; waiting_seconds: number;
  user?: { id: number; email: string; first_name: string; last_name: string | null; role: string; status: string; phone_no: string | null; emergency_fund: number };
  pet?: { id: number; name: string; species: string | null; breed: string | null; age: string; weight: string | null; sex: string; profile: string | null };
  vet?: { id: string; username: string; first_name: string; last_name: string };
  feedback: { recommendation: string; reason: string; feedback_date: string; vet_id: string; emergency_activated: number; emergency_note: string | null } | null;
  /** Optional: a server from before conversations sends neither (the UI then leaves them out). */
  timeline?: TimelineEntry[];
  owner_page_url?: string | null;
}

export function ConsultationDetail({ sid }: { sid: string }) {
  const [c, setC] = useState<ConsultationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The timeline also moves with messages and with partner requests that only read (A9, A11).
  const version = useStore((s) => (s.versions.consultation ?? 0) + (s.versions.feedback ?? 0) + (s.versions.timeline ?? 0) + (s.messageVersions[sid] ?? 0));
  const vets = useStore((s) => s.vets);
  const { busy } = useAction();
  const [recommendation, setRecommendation] = useState<string>('non_urgent');
  const [reason, setReason] = useState('');
  const [vetId, setVetId] = useState('');
  const [lastResult, setLastResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    api.get<ConsultationView>(`/consultations/${sid}`).then((d) => (setC(d), setError(null)), (e: Error) => setError(e.message));
  }, [sid, version]);
  useEffect(() => {
    if (c?.feedback) (setRecommendation(c.feedback.recommendation), setReason(c.feedback.reason));
    else setReason('');
    setVetId('');
    setLastResult(null);
  }, [c?.sid, c?.feedback?.feedback_date]);

  if (error) return <p className="error-text">{error}</p>;
  if (!c) return <p className="muted">Loading…</p>;

  const act = async (label: string, path: string, body: unknown, method: 'post' | 'put' = 'post') => {
    try {
      const next = await api[method]<ConsultationView>(`/consultations/${c.sid}/${path}`, body);
      setC(next);
      setLastResult({ ok: true, text: label });
      useStore.getState().notify('ok', label);
    } catch (e) {
      setLastResult({ ok: false, text: (e as Error).message });
      const action = { accept: 'Accepting the chat', end: 'Ending', outcome: 'Recording the outcome', feedback: 'Saving feedback' }[path] ?? 'The action';
      useStore.getState().notify('error', `${action} was refused: ${(e as Error).message}`);
    }
  };
  const canFeedback = c.status !== 'waiting' && c.status !== 'ringing';

  return (
    <div className="consultation" data-testid="consultation-detail">
      <div className="cards">
        <div className="card">
          <h4>{c.type === 'chat' ? 'Chat' : 'Video call'} <span className={`pill ${c.status}`} data-testid="consultation-status">{c.status}</span></h4>
          <KeyValues rows={[['SID', <code>{c.sid}</code>], ['App', c.app_name], ['Vet', c.vet ? `${c.vet.first_name} ${c.vet.last_name} (${c.vet.id})` : c.vet_id], ['Started', `${c.created_at} (${ago(c.waiting_seconds)} ago)`], ['Outcome', c.outcome]]} />
        </div>
        <div className="card">
          <h4>User</h4>
          {c.user ? <KeyValues rows={[['Name', `${c.user.first_name} ${c.user.last_name ?? ''}`], ['E-mail', c.user.email], ['Role', c.user.role], ['Status', c.user.status], ['Fund', String(c.user.emergency_fund)]]} /> : <p className="muted">Unknown user</p>}
        </div>
        <div className="card">
          <h4>Pet</h4>
          {c.pet ? (
            <>
              {c.pet.profile && <img className="pet-photo" src={c.pet.profile.replace(/^https?:\/\/[^/]+/, '')} alt={c.pet.name} />}
              <KeyValues rows={[['Name', c.pet.name], ['Species', c.pet.species], ['Breed', c.pet.breed], ['Age', c.pet.age], ['Weight', c.pet.weight ? `${c.pet.weight} lbs` : null], ['Sex', c.pet.sex]]} />
            </>
          ) : <p className="muted">No pet</p>}
        </div>
      </div>

      <div className="actions" aria-label="Vet actions">
        {c.type === 'chat' ? (
          <>
            <button className="btn primary" disabled={busy} onClick={() => act('Chat accepted.', 'accept', {})}>Accept chat</button>
            <button className="btn" disabled={busy} onClick={() => act('Chat ended.', 'end', {})}>End chat</button>
          </>
        ) : (
          <>
            <span className="muted">Call outcome:</span>
            <button className="btn primary" disabled={busy} onClick={() => act('Call accepted.', 'outcome', { status: 'accepted' })}>Accepted</button>
            <button className="btn" disabled={busy} onClick={() => act('Call declined.', 'outcome', { status: 'declined' })}>Declined</button>
            <button className="btn" disabled={busy} onClick={() => act('Call marked not answered.', 'outcome', { status: 'notanswered' })}>No answer</button>
            <button className="btn" disabled={busy} onClick={() => act('Call ended.', 'end', {})}>End call</button>
          </>
        )}
      </div>
      {lastResult && <p className={lastResult.ok ? 'ok-text' : 'error-text'} data-testid="action-result" role="status">{lastResult.ok ? '✓ ' : '✕ '}{lastResult.text}</p>}

      <Conversation key={c.sid} c={c} />

      <form
        className="feedback-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(c.feedback ? 'Feedback replaced.' : 'Feedback saved.', 'feedback', { recommendation, reason, ...(vetId ? { vet_id: vetId } : {}) }, 'put');
        }}
      >
        <h4>Feedback {c.feedback && <span className="muted">(written {c.feedback.feedback_date}; saving replaces it)</span>}</h4>
        {!canFeedback && <p className="muted">Feedback can be written once the {c.type === 'chat' ? 'chat is accepted' : 'call has an outcome'}.</p>}
        <div className="form-row">
          <label>
            Recommendation
            <select value={recommendation} onChange={(e) => setRecommendation(e.target.value)} aria-label="Recommendation">
              {RECOMMENDATIONS.map((r) => <option key={r} value={r}>{RECOMMENDATION_LABELS[r]}</option>)}
            </select>
          </label>
          <label>
            As vet
            <select value={vetId} onChange={(e) => setVetId(e.target.value)} aria-label="As vet">
              <option value="">{c.vet ? `${c.vet.first_name} ${c.vet.last_name} (assigned)` : 'Assigned vet'}</option>
              {vets.filter((v) => v.id !== c.vet_id).map((v) => <option key={v.id} value={v.id}>{v.first_name} {v.last_name}</option>)}
            </select>
          </label>
        </div>
        <label className="block">
          Reason
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} placeholder="What the vet recommends, and why" aria-label="Reason" />
        </label>
        <button className="btn primary" type="submit" disabled={!canFeedback || !reason.trim()}>{c.feedback ? 'Replace feedback' : 'Save feedback'}</button>
        {c.feedback?.emergency_note && <p className={c.feedback.emergency_activated ? 'ok-text' : 'muted'} data-testid="emergency-note">{c.feedback.emergency_note}</p>}
      </form>
      <Timeline entries={c.timeline} />
    </div>
  );
}
