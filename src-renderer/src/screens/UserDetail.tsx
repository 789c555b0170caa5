// A user's record, status history, emergency stats and why the fund can or cannot be activated.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import { KeyValues } from '../components/common';

interface UserDetailData {
  user: Record<string, unknown> & { email: string; first_name: string; last_name: string | null };
  statuses: { id: number; status: string; type: string; date_time: string }[];
  emergency_stats: Record<string, unknown> & { can_activate_Emergency: boolean };
  emergency_blockers: string[];
  pets: { id: number; name: string; species: string | null; age: string; is_default: boolean }[];
  consultations: { sid: string; type: string; status: string; created_at: string }[];
}

export function UserDetail({ id }: { id: number }) {
  const [d, setD] = useState<UserDetailData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const v = useStore((s) => (s.versions.user ?? 0) + (s.versions.clock ?? 0) + (s.versions.pet ?? 0) + (s.versions.feedback ?? 0));
  useEffect(() => {
    api.get<UserDetailData>(`/users/${id}`).then(setD, (e: Error) => setError(e.message));
  }, [id, v]);
  if (error) return <p className="error-text">{error}</p>;
  if (!d) return <p className="muted">Loading…</p>;
  const u = d.user;
  const es = d.emergency_stats;
  return (
    <div data-testid="user-detail">
      <KeyValues rows={[['Name', `${u.first_name} ${u.last_name ?? ''}`], ['E-mail', u.email], ['Family', String(u.family)], ['Role', String(u.role)], ['Status', String(u.status)], ['Registered', String(u.your_registration_date)], ['Deleted', u.deleted_at as string]]} />
      <h3 className="h4">Emergency</h3>
      <KeyValues
        rows={[
          ['Trial', `${String(es.trial_period_start_date)} → ${String(es.trial_period_end_date)}`],
          ['Trial days left', <span data-testid="trial-days-left">{String(es.remaining_trial_period_days)}</span>],
          ['Fund', String(es.emergency_fund)],
          ['Last activation', es.last_emergency_activation_date as string],
          ['Next activation', es.next_emergency_activation_date as string],
          ['Can activate', <b data-testid="can-activate" className={es.can_activate_Emergency ? 'ok-text' : 'error-text'}>{es.can_activate_Emergency ? 'yes' : 'no'}</b>],
        ]}
      />
      {d.emergency_blockers.length > 0 && (
        <ul className="reasons" data-testid="emergency-blockers">
          {d.emergency_blockers.map((b) => <li key={b}>Cannot activate: {b}</li>)}
        </ul>
      )}
      <h3 className="h4">Status history</h3>
      <table className="table compact">
        <tbody>
          {d.statuses.map((s) => <tr key={s.id}><td>{s.date_time}</td><td>{s.status}</td><td>{s.type}</td></tr>)}
        </tbody>
      </table>
      <h3 className="h4">Pets</h3>
      {d.pets.length ? (
        <ul>{d.pets.map((p) => <li key={p.id}>{p.name} ({p.species ?? 'unknown'}, {p.age}){p.is_default ? ' — default' : ''}</li>)}</ul>
      ) : <p className="muted">No pets.</p>}
      <h3 className="h4">Consultations</h3>
      {d.consultations.length ? (
        <ul>{d.consultations.map((c) => <li key={c.sid}><code>{c.sid.slice(0, 10)}…</code> {c.type} — {c.status} ({c.created_at})</li>)}</ul>
      ) : <p className="muted">None yet.</p>}
    </div>
  );
}
