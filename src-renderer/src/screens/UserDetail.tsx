// A user as labelled cards: who they are, their emergency fund (and why it can or cannot be activated), their
// status history, their pets and consultations (each opens its own card), and the requests that name them.
import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../../src-shared/control-api/define';
import type { ControlRoutes } from '../../../src-shared/control-api/routes';
import { control } from '../api';
import { useStore } from '../store';
import { RecordCard, RecordLink } from './state/RecordCard';
import { showRequestsFor, text, when, type OpenRecord } from './state/record-links';

/** A user as GET /users/{id} answers it (its schema, UserDetail). */
type UserDetailData = AnswerOf<ControlRoutes['getUser']>;

export function UserDetail({ id, open }: { id: number; open: OpenRecord }) {
  const [d, setD] = useState<UserDetailData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const v = useStore((s) => (s.versions.user ?? 0) + (s.versions.clock ?? 0) + (s.versions.pet ?? 0) + (s.versions.feedback ?? 0) + (s.versions.consultation ?? 0));
  useEffect(() => {
    control.getUser({ params: { id: String(id) } }).then((x) => (setD(x), setError(null)), (e: Error) => setError(e.message));
  }, [id, v]);
  if (error) return <p className="error-text">{error}</p>;
  if (!d) return <p className="muted">Loading…</p>;
  const u = d.user;
  const es = d.emergency_stats;
  const petName = (pid: unknown) => d.pets.find((p) => p.id === pid)?.name;
  return (
    <div className="record-cards" data-testid="user-detail">
      <RecordCard kind="User" title={`${u.first_name} ${u.last_name ?? ''}`.trim()}
        rows={[['E-mail', u.email], ['App', d.app ? `${d.app.display_name} (${d.app.name})` : text(u.app_id)], ['Family', text(u.family)], ['Role', text(u.role)],
          ['Status', text(u.status)], ['Plan', text(u.type)], ['Phone', text(u.phone_no)], ['Registered', when(u.your_registration_date)], ['Deleted', when(u.deleted_at)]]}
        links={<RecordLink onClick={() => showRequestsFor(u.email)} title="The request log, filtered by this e-mail">Requests naming {u.email}</RecordLink>}
      />
      <RecordCard kind="Emergency" title={es.can_activate_Emergency ? 'can be activated' : 'cannot be activated'}
        rows={[
          ['Trial', `${when(es.trial_period_start_date)} to ${when(es.trial_period_end_date)}`],
          ['Trial days left', <span data-testid="trial-days-left">{String(es.remaining_trial_period_days)}</span>],
          ['Fund', text(es.emergency_fund)],
          ['Last activation', when(es.last_emergency_activation_date)],
          ['Next activation', when(es.next_emergency_activation_date)],
          ['Can activate', <b data-testid="can-activate" className={es.can_activate_Emergency ? 'ok-text' : 'error-text'}>{es.can_activate_Emergency ? 'yes' : 'no'}</b>],
        ]}
      >
        {d.emergency_blockers.length > 0 && (
          <ul className="reasons" data-testid="emergency-blockers">
            {d.emergency_blockers.map((b) => <li key={b}>Cannot activate: {b}</li>)}
          </ul>
        )}
      </RecordCard>
      <RecordCard kind="Pets" title={`(${d.pets.length})`} testId="card-user-pets">
        {d.pets.length ? (
          <ul className="record-list">
            {d.pets.map((p) => (
              <li key={p.id}>
                <RecordLink onClick={() => open('pets', p)} title="Open this pet's card">{p.name}</RecordLink>
                <span className="muted">{p.species ?? 'species unknown'}, {p.age}{p.is_default ? ' — default pet' : ''}</span>
              </li>
            ))}
          </ul>
        ) : <p className="muted">No pets.</p>}
      </RecordCard>
      <RecordCard kind="Consultations" title={`(${d.consultations.length})`} testId="card-user-consultations">
        {d.consultations.length ? (
          <ul className="record-list">
            {d.consultations.map((c) => (
              <li key={c.sid}>
                <RecordLink onClick={() => open('consultations', c)} title="Open this consultation's card"><code>{c.sid.slice(0, 12)}…</code></RecordLink>
                <span>{c.type} — <span className={`pill ${c.status}`}>{c.status}</span></span>
                <span className="muted">{petName(c.pet_id) ? `${petName(c.pet_id)} · ` : ''}{when(c.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : <p className="muted">None yet.</p>}
      </RecordCard>
      <RecordCard kind="Status history" title={`(${d.statuses.length})`} testId="card-user-statuses">
        <ul className="record-list">
          {d.statuses.map((s) => <li key={s.id}><span>{s.status}</span><span className="muted">{s.type} · {when(s.date_time)}</span></li>)}
        </ul>
      </RecordCard>
    </div>
  );
}
