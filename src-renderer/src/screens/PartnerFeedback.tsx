// Reading a consultation's feedback the way the partner does (A11), from the UI: the answer as the partner's
// client gets it, with a link to its entry in the request log.
import { useState } from 'react';
import { useStore } from '../store';
import { StatusBadge } from '../components/common';
import { RECOMMENDATION_LABELS } from '../store/shared';
import type { ConsultationView } from './ConsultationDetail';
import { partnerCall, type PartnerAnswer } from './partner-call';

interface Feedback { recommendation: string; reason: string; vet_first_name?: string; vet_last_name?: string; feedback_date?: string }

export function PartnerFeedback({ c }: { c: ConsultationView }) {
  const app = useStore((s) => s.apps.find((a) => a.name === c.app_name));
  const [answer, setAnswer] = useState<PartnerAnswer<Feedback> | null>(null);
  const [busy, setBusy] = useState(false);
  if (!app) return null;
  const read = async () => {
    setBusy(true);
    const body = c.type === 'chat' ? { type: 'chat', channel_sid: c.sid } : { type: 'video', room_sid: c.sid };
    setAnswer(await partnerCall<Feedback>(app, 'feedback', body));
    setBusy(false);
  };
  const fb = answer?.status === 200 ? answer.body?.data : undefined;
  return (
    <div className="partner-feedback" data-testid="partner-feedback">
      <button type="button" className="btn small" onClick={() => void read()} disabled={busy} title={`POST /api/v2/${app.name}/feedback with ${app.display_name}'s credentials`}>
        {busy ? 'Reading…' : 'Read the feedback as the partner (A11)'}
      </button>
      {answer && (
        <div className="partner-answer" role="status" data-testid="partner-answer">
          <StatusBadge status={answer.status} />{' '}
          {fb ? (
            <>
              <b>{RECOMMENDATION_LABELS[fb.recommendation as keyof typeof RECOMMENDATION_LABELS] ?? fb.recommendation}</b>: {fb.reason}
              {fb.vet_first_name && <span className="muted"> — {fb.vet_first_name} {fb.vet_last_name ?? ''}</span>}
            </>
          ) : (
            <span>{answer.text}</span>
          )}{' '}
          <a href="#requests" title="The call is journaled like any other: the newest entry of the request log">In the request log</a>
        </div>
      )}
    </div>
  );
}
