// The vet's feedback on one consultation. Mounted per consultation (keyed by its sid), so a new one starts
// empty: nothing chosen, no reason, the assigned vet; never the previous consultation's recommendation.
// Once feedback is saved, the form shows it, and saving again replaces it.
import { useEffect, useState } from 'react';
import { useStore } from '../store';
import { RECOMMENDATIONS, RECOMMENDATION_LABELS } from '../store/shared';
import type { ConsultationView } from './ConsultationDetail';

export function FeedbackForm({ c, busy, save }: {
  c: ConsultationView; busy: boolean;
  save: (label: string, body: { recommendation: string; reason: string; vet_id?: string }) => void;
}) {
  const vets = useStore((s) => s.vets);
  const [recommendation, setRecommendation] = useState(c.feedback?.recommendation ?? '');
  const [reason, setReason] = useState(c.feedback?.reason ?? '');
  const [vetId, setVetId] = useState('');
  // Feedback saved (here, by the autopilot or a test script) is what the form then shows.
  useEffect(() => {
    if (!c.feedback) return;
    setRecommendation(c.feedback.recommendation);
    setReason(c.feedback.reason);
  }, [c.feedback?.feedback_date, c.feedback?.recommendation, c.feedback?.reason]); // values, not the object: each fetch brings a new one

  // Shown only once feedback can be written (ConsultationDetail): here only what is missing keeps Save back.
  const why = !recommendation ? 'Choose a recommendation.' : !reason.trim() ? 'Write the reason.' : undefined;
  const submit = () => {
    if (busy || why) return;
    save(c.feedback ? 'Feedback replaced.' : 'Feedback saved.', { recommendation, reason, ...(vetId ? { vet_id: vetId } : {}) });
  };
  return (
    <form
      className="feedback-form" aria-labelledby={`feedback-title-${c.sid}`} data-testid="feedback-form"
      onSubmit={(e) => (e.preventDefault(), submit())}
      // Ctrl+Enter (or Cmd+Enter) saves from any field of the form, the reason's text box included.
      onKeyDown={(e) => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && (e.preventDefault(), submit())}
    >
      <h3 className="h4" id={`feedback-title-${c.sid}`}>Feedback {c.feedback && <span className="muted">(written {c.feedback.feedback_date}; saving replaces it)</span>}</h3>
      <div className="form-row">
        <label>
          Recommendation
          <select value={recommendation} onChange={(e) => setRecommendation(e.target.value)} aria-label="Recommendation" data-focus="feedback" aria-keyshortcuts="F">
            <option value="" disabled>Choose…</option>
            {RECOMMENDATIONS.map((r) => <option key={r} value={r}>{RECOMMENDATION_LABELS[r]}</option>)}
          </select>
        </label>
        <label className="grow">
          Reason
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} placeholder="What the vet recommends, and why" aria-label="Reason" />
        </label>
      </div>
      <div className="form-row feedback-foot">
        <label>
          As vet
          <select value={vetId} onChange={(e) => setVetId(e.target.value)} aria-label="As vet">
            <option value="">{c.vet ? `${c.vet.first_name} ${c.vet.last_name} (assigned)` : 'Assigned vet'}</option>
            {vets.filter((v) => v.id !== c.vet_id).map((v) => <option key={v.id} value={v.id}>{v.first_name} {v.last_name}</option>)}
          </select>
        </label>
        <button className="btn primary" type="submit" disabled={busy || !!why} title={why ?? 'Save (Ctrl+Enter)'} aria-keyshortcuts="Control+Enter">{c.feedback ? 'Replace feedback' : 'Save feedback'}</button>
        {why && <span className="muted small">{why}</span>}
      </div>
      {c.feedback?.emergency_note && <p className={c.feedback.emergency_activated ? 'ok-text' : 'muted'} data-testid="emergency-note">{c.feedback.emergency_note}</p>}
    </form>
  );
}
