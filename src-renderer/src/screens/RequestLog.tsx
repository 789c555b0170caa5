// The request log: live, virtualized, filterable, with a detail pane (like DevTools' Network panel).
import { useDeferredValue, useRef, useState } from 'react';
import { control } from '../api';
import { controlUrl } from '../../../src-shared/control-api/client';
import { useStore } from '../store';
import type { JournalSummary } from '../store/shared';
import type { RequestFilters } from '../store/types';
import type { StatusChip } from '../../../src-shared/log-filter';
import { CopyButton, Empty, useAction } from '../components/common';
import { ConfirmAction } from '../components/ConfirmAction';
import { LogGrid } from './LogGrid';
import { RequestDetail } from './RequestDetail';
import { useBodyMatches } from './useBodyMatches';
import { logFilterOf, useFilteredRequests } from './useFilteredRequests';
import { RowMenu } from './holds/RowMenu';

const CHIPS: [StatusChip, string][] = [
  ['2xx', 'Successful answers (2xx)'],
  ['4xx', 'Client errors (4xx): validation, auth, not found, rate limit'],
  ['5xx', 'Server errors (5xx)'],
  ['fault', 'Answers a fault rule made up or delayed'],
];

/**
 * The HAR export of exactly the rows shown: the same filters, between the oldest and newest rows the view
 * holds (a cleared or paused view holds fewer than the journal), as many as are shown.
 */
function harHref(filters: RequestFilters, view: JournalSummary[], shown: number): string {
  const f = logFilterOf(filters);
  return controlUrl('exportHar', {
    query: {
      text: f.text, chips: f.chips.join(','), family: f.family, app: f.app,
      after: view[view.length - 1].id - 1, before: view[0].id + 1, limit: Math.min(100_000, Math.max(1, shown)),
    },
  });
}

export function RequestLog() {
  const requests = useStore((s) => s.requests);
  const filters = useStore((s) => s.filters);
  const selected = useStore((s) => s.selectedRequestId);
  const paused = useStore((s) => s.paused);
  const buffered = useStore((s) => s.pausedBuffer.length);
  const loadingOlder = useStore((s) => s.loadingOlder);
  const apps = useStore((s) => s.apps);
  const simulatedClock = useStore((s) => !!s.clock && !s.clock.is_real_time);
  const base = useStore((s) => s.health?.api_base_url ?? location.origin);
  const { setFilters, setPaused, selectRequest, clearRequests } = useStore.getState();
  const { run } = useAction();
  const [cleared, setCleared] = useState(false);
  const [menu, setMenu] = useState<{ row: JournalSummary; at: { x: number; y: number } } | null>(null);
  // The box shows each key at once; the 100,000-row filter follows in a render React may drop when the
  // next key arrives first (fast typing filters once, for the text it settles on).
  const shownFilters = useDeferredValue(filters);
  const { found: inBodies, searching: searchingBodies } = useBodyMatches(shownFilters.text, requests[0]?.id);
  // Typed but not yet filtered (the deferred render), or the bodies not yet searched: results are on their way.
  const searching = searchingBodies || shownFilters !== filters;
  const rows = useFilteredRequests(requests, shownFilters, inBodies);
  const scroller = useRef<HTMLDivElement>(null);
  const firstCurl = `curl -s ${base}/api/v2/demo/media-url`;
  const chips = filters.chips ?? [];
  const toggleChip = (c: StatusChip) => setFilters({ chips: chips.includes(c) ? chips.filter((x) => x !== c) : [...chips, c], status: '' });
  const close = () => {
    selectRequest(null);
    scroller.current?.focus(); // back where the keyboard was, not at the top of the page
  };

  return (
    <div className="log-layout">
      <section className="log" aria-label="Request log">
        <div className="toolbar" role="search" aria-label="Request filters">
          <input aria-label="Filter requests" placeholder="Filter: path, A8, GET, 404, body text" title="Filter by path text, endpoint (A8), method (GET), status (404), or any text in the bodies (3+ characters, e.g. a channel sid or an e-mail)" value={filters.text} onChange={(e) => setFilters({ text: e.target.value })} />
          <div className="chips" role="group" aria-label="Status">
            {CHIPS.map(([c, title]) => (
              <button key={c} type="button" className={`chip chip-${c}`} aria-pressed={chips.includes(c)} title={title} onClick={() => toggleChip(c)}>{c}</button>
            ))}
          </div>
          <span className="muted count" data-testid="log-count" aria-live="polite">
            {rows.length.toLocaleString()} {rows.length === requests.length ? (rows.length === 1 ? 'request' : 'requests') : `of ${requests.length.toLocaleString()}`}
            {loadingOlder ? ' · loading older…' : ''}
          </span>
          {/* Beside the count, not in it: the count is what the view shows now, the search may add to it. */}
          {searching && <span className="muted" data-testid="log-searching" role="status"><span className="spinner" aria-hidden /> searching…</span>}
        </div>
        <div className="toolbar secondary">
          <select aria-label="Family" value={filters.family} onChange={(e) => setFilters({ family: e.target.value as RequestFilters['family'] })}>
            <option value="">Both families</option>
            <option value="application">Application (A)</option>
            <option value="client">Client (B)</option>
          </select>
          <select aria-label="App" value={filters.app} onChange={(e) => setFilters({ app: e.target.value })}>
            <option value="">All apps</option>
            {apps.map((a) => (
              <option key={a.id} value={a.name}>{a.name}</option>
            ))}
          </select>
          <button type="button" className={paused ? 'btn active' : 'btn'} onClick={() => setPaused(!paused)} aria-pressed={paused}>
            {paused ? `Resume${buffered ? ` (${buffered} new)` : ''}` : 'Pause'}
          </button>
          <button type="button" className="btn" title="Empty this view; the journal keeps every request (reload to see them again)" disabled={!requests.length} onClick={() => (clearRequests(), setCleared(true))}>
            Clear view
          </button>
          {rows.length ? (
            <a className="btn" href={harHref(shownFilters, requests, rows.length)} download="vet-consult-simulator.har" title="Download the requests shown, as a HAR file">Export HAR</a>
          ) : (
            <button type="button" className="btn" disabled title="No requests shown to export">Export HAR</button>
          )}
          <span className="spacer" />
          <ConfirmAction
            label="Delete journal…" title="Delete every request from the simulator's journal, for every client" confirm="Delete the journal"
            question="Delete every request in the simulator's journal? Other windows and test scripts lose them too. This cannot be undone."
            onConfirm={() => void run({ ok: 'The journal was deleted.', failed: 'The journal was not deleted' }, () => control.clearRequests()).then(() => setCleared(false))}
          />
        </div>
        {rows.length === 0 ? (
          requests.length === 0 ? (
            cleared ? (
              <Empty title="View cleared">
                <p>New requests appear here as they arrive. The journal still holds the earlier ones: reload the page to see them again.</p>
              </Empty>
            ) : (
              <Empty title="No requests yet">
                <p>Point your integration at <code>{base}</code>, or paste a first request into a terminal:</p>
                <div className="snippet"><code>{firstCurl}</code><CopyButton text={firstCurl} label="Copy" /></div>
                <p className="muted">Every partner request shows up here live, with headers and bodies (secrets masked).</p>
              </Empty>
            )
          ) : searching ? (
            <div className="empty" role="status" data-testid="log-searching-empty"><p className="muted"><span className="spinner" aria-hidden /> Searching {requests.length.toLocaleString()} requests, their bodies included…</p></div>
          ) : (
            <Empty title="No request matches the filters"><p>Clear the filter box, turn the status chips off or pick “Both families”.</p></Empty>
          )
        ) : (
          <LogGrid rows={rows} selected={selected} onOpen={(id) => (id === null ? close() : selectRequest(id))} onMenu={(row, at) => setMenu({ row, at })} simulatedClock={simulatedClock} scroller={scroller} />
        )}
      </section>
      {selected !== null && <RequestDetail id={selected} onClose={close} />}
      {menu && <RowMenu {...menu} onOpen={selectRequest} onClose={() => (setMenu(null), scroller.current?.focus())} />}
    </div>
  );
}
