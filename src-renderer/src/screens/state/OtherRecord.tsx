// Payments, feedback and apps as labelled cards, each linked to the user and consultation it belongs to.
import { RECOMMENDATION_LABELS } from '../../store/shared';
import { RecordCard, RecordLink } from './RecordCard';
import { showRequestsFor, text, when, type EntityId, type OpenRecord, type Row } from './record-links';

const recommendation = (v: unknown) => (typeof v === 'string' ? (RECOMMENDATION_LABELS as Record<string, string>)[v] ?? v : '');
const yes = (v: unknown) => (v === 1 || v === true || v === '1' ? 'yes' : 'no');

export function OtherRecord({ entity, row, open }: { entity: Exclude<EntityId, 'users' | 'pets' | 'consultations'>; row: Row; open: OpenRecord }) {
  const userLink = (label: string) => (row.user_id ? <RecordLink onClick={() => open('users', { id: Number(row.user_id) })} title="Open the user's card">{label}</RecordLink> : label);
  if (entity === 'payments') {
    return (
      <div className="record-cards">
        <RecordCard kind="Payment" title={`${text(row.amount)} — ${text(row.status)}`}
          rows={[['Payer', userLink(`${text(row.first_name)} ${text(row.last_name)} (${text(row.email)})`)], ['Package', `${text(row.package_name)} (${text(row.package_type)})`],
            ['Card', row.card_last4 ? `${text(row.card_brand)} •••• ${text(row.card_last4)}` : ''], ['Failure', text(row.failure_reason)], ['At', when(row.initiated_at)]]}
          links={<RecordLink onClick={() => showRequestsFor(text(row.email))}>Requests naming {text(row.email)}</RecordLink>}
        />
      </div>
    );
  }
  if (entity === 'feedback') {
    return (
      <div className="record-cards">
        <RecordCard kind="Feedback" title={recommendation(row.recommendation)}
          rows={[['Reason', text(row.reason)], ['Consultation', <RecordLink onClick={() => open('consultations', { id: text(row.sid), sid: row.sid })} title="Open the consultation's card"><code>{text(row.sid)}</code></RecordLink>],
            ['Type', text(row.type)], ['User', userLink(`${text(row.user_first_name)} ${text(row.user_last_name)} (${text(row.user_email)})`)],
            ['Vet', `${text(row.vet_first_name)} ${text(row.vet_last_name)}`.trim()], ['Emergency activated', yes(row.emergency_activated)], ['Date', when(row.feedback_date)]]}
          links={<RecordLink onClick={() => showRequestsFor(text(row.sid))}>Requests naming this consultation</RecordLink>}
        />
      </div>
    );
  }
  const origins = Array.isArray(row.cors_allowed_origins) ? (row.cors_allowed_origins as string[]).join(', ') : '';
  return (
    <div className="record-cards">
      <RecordCard kind="App" title={text(row.display_name)}
        rows={[['Slug', <code>{text(row.name)}</code>], ['Username', <code>{text(row.api_username)}</code>], ['Rate limit', `${text(row.rate_limit_per_minute)} / minute`],
          ['Browser origins', origins], ['Created', when(row.created_at)]]}
        links={<a href="#settings/apps">Credentials and limits in Settings</a>}
      />
    </div>
  );
}
