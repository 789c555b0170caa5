// One column of the vet's queue (ringing calls, waiting chats, …): the true total from the server and a
// pager that reaches every consultation in it, however long the queue (10,000+ open chats stay usable).
import { useEffect, useState } from 'react';
import { useQueuePage } from './useQueuePage';
import { ago } from '../components/common';
import type { ConsultationView } from './ConsultationDetail';
import { instantOf } from './time-text';

export const QUEUE_PAGE = 25;

export function QueueGroup({ title, statuses, total, selected, onSelect }: {
  title: string; statuses: string; total: number | undefined; selected: string | null; onSelect: (sid: string) => void;
}) {
  const [page, setPage] = useState(1);
  const list = useQueuePage(statuses, page, QUEUE_PAGE);
  // The list's own total moves with every page fetch; the heading's total (counts) may arrive first.
  const shownTotal = list.data?.total ?? total ?? 0;
  const pages = Math.max(1, Math.ceil(shownTotal / QUEUE_PAGE));
  // Accepting or ending the last items of the last page shrinks the queue under us: stay on a page that exists.
  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);
  const items = list.data?.items ?? [];
  const first = shownTotal ? (page - 1) * QUEUE_PAGE + 1 : 0;
  const last = Math.min(shownTotal, page * QUEUE_PAGE);
  return (
    <div className="queue-group" data-testid="queue-group" data-status={statuses}>
      <h2 className="h4">
        {title} <span className="muted" data-testid="queue-total">{(total ?? shownTotal).toLocaleString('en-US')}</span>
      </h2>
      {pages > 1 && (
        <div className="queue-pager" aria-label={`${title} pages`}>
          <button className="btn small" aria-label={`First page of ${title}`} disabled={page <= 1} onClick={() => setPage(1)}>«</button>
          <button className="btn small" aria-label={`Previous page of ${title}`} disabled={page <= 1} onClick={() => setPage(page - 1)}>‹</button>
          <span className="muted small" data-testid="queue-range">{first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {shownTotal.toLocaleString('en-US')}</span>
          <button className="btn small" aria-label={`Next page of ${title}`} disabled={page >= pages} onClick={() => setPage(page + 1)}>›</button>
          <button className="btn small" aria-label={`Last page of ${title}`} disabled={page >= pages} onClick={() => setPage(pages)}>»</button>
        </div>
      )}
      {/* A long column scrolls on its own, so the columns below it stay in view. */}
      <div className="queue-list">
        {items.map((c) => <QueueItem key={c.sid} c={c as ConsultationView} active={c.sid === selected} onClick={() => onSelect(c.sid)} />)}
        {list.data && !items.length && <p className="muted small">None</p>}
        {list.error && <p className="error-text small">{list.error}</p>}
      </div>
    </div>
  );
}

function QueueItem({ c, active, onClick }: { c: ConsultationView; active: boolean; onClick: () => void }) {
  const since = Math.max(0, Math.round((Date.now() - instantOf(c.created_at)) / 1000));
  return (
    // tabIndex -1 here: the queue keeps one item at 0 (useQueueKeys), and React leaves that attribute alone after.
    <button className={`queue-item${active ? ' active' : ''}`} onClick={onClick} data-testid="queue-item" data-sid={c.sid} tabIndex={-1} aria-current={active || undefined}>
      <span className="qi-top">
        <b><span className="type-tag">{c.type === 'chat' ? 'CHAT' : 'VIDEO'}</span> {c.user?.first_name ?? '?'} {c.user?.last_name ?? ''}</b>
        <span className={`pill ${c.status}`}>{c.status}</span>
      </span>
      <span className="qi-sub muted">
        {c.pet?.name ?? 'no pet'}{c.pet?.species ? ` · ${c.pet.species}` : ''} · {c.vet?.username ?? c.vet_id} · {ago(Math.max(c.waiting_seconds, since))}
      </span>
    </button>
  );
}
