// Browse apps, users, pets, consultations, payments and feedback; updates live. A chosen record opens as
// labelled cards linked to the records it belongs with (user ↔ pets ↔ consultations ↔ requests).
import { useState, type ReactNode } from 'react';
import { Empty } from '../components/common';
import { TabList, tabPanel } from '../components/Tabs';
import { useStore } from '../store';
import { RECOMMENDATION_LABELS } from '../store/shared';
import { UserDetail } from './UserDetail';
import { ConsultationLinks } from './state/ConsultationLinks';
import { OtherRecord } from './state/OtherRecord';
import { PetDetail } from './state/PetDetail';
import { useRecordPage, type ListRoute } from './state/useRecordPage';
import { when, type EntityId, type Row } from './state/record-links';
import './state/record-cards.css';

/** `non_urgent` → `Non-urgent`: recommendations read as the vet console writes them. */
const recommendation = (v: unknown) => (typeof v === 'string' ? (RECOMMENDATION_LABELS as Record<string, string>)[v] ?? v : '');
interface EntityView { label: string; route: ListRoute; entity: string; columns: [string, string, ((r: Row) => ReactNode)?][] }

const ENTITIES: Record<EntityId, EntityView> = {
  users: {
    label: 'Users', route: 'listUsers', entity: 'user',
    columns: [['id', 'ID'], ['email', 'E-mail'], ['first_name', 'First name'], ['last_name', 'Last name'], ['family', 'Family'], ['role', 'Role'], ['status', 'Status'],
      ['remaining_trial_period_days', 'Trial days left'], ['can_activate_Emergency', 'Can activate', (r) => (r.can_activate_Emergency ? 'yes' : 'no')], ['created_at', 'Registered']],
  },
  pets: {
    label: 'Pets', route: 'listPets', entity: 'pet',
    columns: [['id', 'ID'], ['name', 'Name'], ['species', 'Species'], ['breed', 'Breed'], ['age', 'Age'], ['weight', 'Weight', (r) => (r.weight ? `${r.weight} lbs` : '')], ['owner_email', 'Owner'], ['created_at', 'Added']],
  },
  consultations: {
    label: 'Consultations', route: 'listConsultations', entity: 'consultation',
    columns: [['sid', 'SID'], ['type', 'Type'], ['status', 'Status', (r) => <span className={`pill ${String(r.status)}`}>{String(r.status)}</span>],
      ['user', 'User', (r) => (r.user as { email?: string } | undefined)?.email], ['pet', 'Pet', (r) => (r.pet as { name?: string } | undefined)?.name],
      ['vet_id', 'Vet'], ['feedback', 'Feedback', (r) => recommendation((r.feedback as { recommendation?: string } | null)?.recommendation)], ['created_at', 'Started']],
  },
  payments: {
    label: 'Payments', route: 'listPayments', entity: 'payment',
    columns: [['id', 'ID'], ['email', 'E-mail'], ['amount', 'Amount'], ['status', 'Status', (r) => <span className={`pill ${String(r.status)}`}>{String(r.status)}</span>],
      ['package_name', 'Package'], ['card_last4', 'Card', (r) => (r.card_last4 ? `${String(r.card_brand)} •••• ${String(r.card_last4)}` : '')], ['failure_reason', 'Failure'], ['initiated_at', 'At']],
  },
  feedback: {
    label: 'Feedback', route: 'listFeedback', entity: 'feedback',
    columns: [['id', 'ID'], ['sid', 'Consultation'], ['type', 'Type'], ['recommendation', 'Recommendation', (r) => recommendation(r.recommendation)], ['reason', 'Reason'], ['vet_email', 'Vet'], ['user_email', 'User'],
      ['emergency_activated', 'Emergency activated', (r) => (r.emergency_activated ? 'yes' : 'no')], ['feedback_date', 'Date']],
  },
  apps: {
    label: 'Apps', route: 'listApps', entity: 'app',
    columns: [['id', 'ID'], ['name', 'Name'], ['display_name', 'Display name'], ['api_username', 'Username'], ['rate_limit_per_minute', 'Rate limit / min'], ['created_at', 'Created']],
  },
};

/** A cell in words: times as the cards write them (2026-11-28 09:36:58 UTC), nothing for no value. */
const cellText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? when(v) : String(v));

export function StateBrowser() {
  const [entity, setEntity] = useState<EntityId>('users');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Row | null>(null);
  const view = ENTITIES[entity];
  /** A card's link: that kind of record, that record open (its list from its first page, unfiltered). */
  const open = (to: EntityId, row: Row) => {
    if (to !== entity) (setEntity(to), setQ(''), setPage(1));
    setSelected(row);
  };
  const { data, error, loading } = useRecordPage<Row>(view.route, view.entity, { q, page, per_page: 50 });
  const apps = useStore((s) => s.apps);
  const items = entity === 'apps' ? (apps as unknown as Row[]) : (data?.items ?? []);
  const total = entity === 'apps' ? apps.length : (data?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / 50));
  const closeDetail = () => {
    // Back to the row it came from, not to the top of the page (the focused detail is about to go).
    document.querySelector<HTMLElement>('.state-panel tr.selected')?.focus();
    setSelected(null);
  };
  return (
    <div className="state-layout">
      <section className="state-main">
        <div className="toolbar">
          <TabList
            tabs={(Object.entries(ENTITIES) as [EntityId, EntityView][]).map(([id, v]) => ({ id, label: v.label }))} selected={entity} label="Records" idBase="entity" className="segmented" tabClassName="seg"
            onSelect={(k) => (setEntity(k), setPage(1), setSelected(null))}
          />
          {entity !== 'apps' && <input aria-label="Search" placeholder={`Search ${view.label.toLowerCase()}…`} value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} />}
          <span className="muted count">{total.toLocaleString()} {view.label.toLowerCase()}</span>
        </div>
        <div className="state-panel" {...tabPanel('entity', entity)}>
          {error && <p className="error-text">Could not load: {error}</p>}
          {items.length === 0 && loading && entity !== 'apps' ? (
            <p className="muted" role="status">Loading {view.label.toLowerCase()}…</p>
          ) : items.length === 0 ? (
            <Empty title={q ? `No ${view.label.toLowerCase()} match “${q}”` : `No ${view.label.toLowerCase()} yet`}>
              <p>Register a user with A7 or B9, or load the demo data set in Settings → Data.</p>
            </Empty>
          ) : (
            <div className="table-wrap">
              <table className="table" data-testid={`table-${entity}`}>
                <thead>
                  <tr>{view.columns.map(([k, label]) => <th key={k}>{label}</th>)}</tr>
                </thead>
                <tbody>
                  {items.map((r) => (
                    <tr
                      key={String(r.id)} className={selected?.id === r.id ? 'selected' : ''} onClick={() => setSelected(r)}
                      // Rows open their record from the keyboard too: Tab to one, Enter or Space.
                      tabIndex={0} aria-selected={selected?.id === r.id} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), setSelected(r))}
                    >
                      {view.columns.map(([k, , render]) => (
                        <td key={k}>{render ? render(r) : cellText(r[k])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {entity !== 'apps' && pages > 1 && (
            <div className="pager">
              <button className="btn small" disabled={page <= 1} onClick={() => setPage(page - 1)}>‹ Prev</button>
              <span>Page {page} of {pages}</span>
              <button className="btn small" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next ›</button>
            </div>
          )}
        </div>
      </section>
      {selected && (
        <aside className="detail" data-testid="state-detail" aria-label={`${view.label.replace(/s$/, '')} detail`} onKeyDown={(e) => e.key === 'Escape' && closeDetail()}>
          <div className="detail-head">
            <b>{view.label.replace(/s$/, '')} {entity === 'pets' ? String(selected.name ?? selected.id) : entity === 'users' ? String(selected.email ?? selected.id) : String(selected.sid ?? selected.id)}</b>
            <span className="spacer" />
            <button className="btn small" onClick={closeDetail} aria-label="Close detail" title="Close (Escape)">×</button>
          </div>
          <div className="detail-body" tabIndex={0}>
            {entity === 'users' ? <UserDetail id={Number(selected.id)} open={open} />
              : entity === 'pets' ? <PetDetail pet={selected} open={open} />
              : entity === 'consultations' ? <ConsultationLinks sid={String(selected.sid)} open={open} />
              : <OtherRecord entity={entity} row={selected} open={open} />}
          </div>
        </aside>
      )}
    </div>
  );
}
