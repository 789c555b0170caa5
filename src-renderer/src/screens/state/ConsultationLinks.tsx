// A consultation's cards in the state browser: its facts, its user and pet (each opens its card), its feedback,
// the vet console (where its conversation is), the partner requests that named it, and its timeline (each
// request in it links to its entry in the request log).
import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../../../src-shared/control-api/define';
import type { ControlRoutes } from '../../../../src-shared/control-api/routes';
import { control } from '../../api';
import { useStore } from '../../store';
import { RECOMMENDATION_LABELS } from '../../store/shared';
import { Timeline } from '../Timeline';
import { RecordCard, RecordLink } from './RecordCard';
import { showRequestsFor, text, when, type OpenRecord } from './record-links';

/** A consultation as GET /consultations/{sid} answers it (its schema, Consultation), timeline included. */
type Consultation = AnswerOf<ControlRoutes['getConsultation']>;

export function ConsultationLinks({ sid, open }: { sid: string; open: OpenRecord }) {
  const [c, setC] = useState<Consultation | null>(null);
  const v = useStore((s) => s.versions.consultation ?? 0);
  useEffect(() => {
    control.getConsultation({ params: { sid } }).then((c) => setC(c), () => setC(null));
  }, [sid, v]);
  if (!c) return null;
  const owner = c.user ? `${c.user.first_name} ${c.user.last_name ?? ''}`.trim() : '';
  const feedback = c.feedback ? `${(RECOMMENDATION_LABELS as Record<string, string>)[c.feedback.recommendation] ?? c.feedback.recommendation}${c.feedback.reason ? `: ${c.feedback.reason}` : ''}` : '';
  return (
    <div className="record-cards">
      <RecordCard kind="Consultation" title={<code>{c.sid}</code>} testId="card-consultation"
        rows={[
          ['Type', c.type], ['Status', <span className={`pill ${c.status}`}>{c.status}</span>], ['Started', when(c.created_at)],
          ['User', c.user ? <RecordLink onClick={() => open('users', c.user!)} title="Open the user's card">{owner} ({c.user.email})</RecordLink> : text(c.user_id)],
          ['Pet', c.pet ? <RecordLink onClick={() => open('pets', { ...c.pet!, user_id: c.user_id })} title="Open the pet's card">{c.pet.name}</RecordLink> : ''],
          ['Vet', c.vet ? `Dr. ${c.vet.first_name} ${c.vet.last_name}` : ''],
          ['Feedback', feedback],
        ]}
        links={<>
          <a href={`#vet/${c.sid}`} title="Open it in the vet console">Open in the vet console</a>
          <RecordLink onClick={() => showRequestsFor(c.sid)} title="The request log, filtered by this sid">Requests naming this consultation</RecordLink>
        </>}
      />
      {c.timeline && <div data-testid="card-consultation-timeline"><Timeline entries={c.timeline} /></div>}
    </div>
  );
}
