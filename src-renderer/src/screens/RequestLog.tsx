// The request log: live, virtualized, filterable, with a detail pane (like DevTools' Network panel).
import { useDeferredValue, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { api } from '../api';
import { useStore } from '../store';
import type { JournalSummary } from '../store/shared';
import type { RequestFilters } from '../store/types';
import { CopyButton, Empty, StatusBadge, useAction } from '../components/common';
import { RequestDetail } from './RequestDetail';
import { useBodyMatches } from './useBodyMatches';

const ROW_HEIGHT = 26;

// Lowercased paths, endpoints and methods: the log repeats a few dozen distinct values 100,000 times, so
// each is lowercased once instead of once per row per key press (that was most of a key press's work).
const lowered = new Map<string, string>();
function lower(s: string): string {
  let l = lowered.get(s);
  if (l === undefined) {
    if (lowered.size >= 10_000) lowered.clear(); // many distinct paths (ids in them): a bound, not a leak
    lowered.set(s, (l = s.toLowerCase()));
  }
  return l;
}

/** The filters as one test, the needle prepared once: a key press tests every row. */
function matcherOf(f: RequestFilters, inBodies: ReadonlySet<number> | null): (r: JournalSummary) => boolean {
  const t = f.text.toLowerCase();
  const statusClass = f.status ? Number(f.status[0]) : 0;
  // "404" names a status; any other text can't equal one.
  const status = /^[1-5]\d\d$/.test(t) ? Number(t) : -1;
  return (r) => {
    if (f.family && r.family !== f.family) return false;
    if (statusClass && Math.floor(r.status / 100) !== statusClass) return false;
    if (f.app && r.app !== f.app) return false;
    if (t && !lower(r.path).includes(t) && (r.endpoint === null || lower(r.endpoint) !== t) && lower(r.method) !== t && r.status !== status && !inBodies?.has(r.id)) return false;
    return true;
  };
}

interface FilterCache { src: JournalSummary[]; filters: RequestFilters; inBodies: ReadonlySet<number> | null; out: JournalSummary[] }

/**
 * Filters incrementally: a live batch only prepends rows and loading history only appends them, so
 * only the new rows are tested and a burst never re-filters 100,000 entries per batch.
 */
function useFilteredRequests(requests: JournalSummary[], filters: RequestFilters, inBodies: ReadonlySet<number> | null): JournalSummary[] {
  const cache = useRef<FilterCache | null>(null);
  return useMemo(() => {
    const f = filters;
    if (!(f.family || f.status || f.text || f.app)) return requests;
    const test = matcherOf(f, inBodies);
    const c = cache.current;
    let out: JournalSummary[] | undefined;
    if (c && c.filters === f && c.inBodies === inBodies && requests.length >= c.src.length && c.src.length > 0) {
      const added = requests.length - c.src.length;
      if (requests[added] === c.src[0] && requests[requests.length - 1] === c.src[c.src.length - 1]) out = requests.slice(0, added).filter(test).concat(c.out);
      else if (requests[0] === c.src[0]) out = c.out.concat(requests.slice(c.src.length).filter(test));
    }
    out ??= requests.filter(test);
    cache.current = { src: requests, filters: f, inBodies, out };
    return out;
  }, [requests, filters, inBodies]);
}

export function RequestLog() {
  const requests = useStore((s) => s.requests);
  const filters = useStore((s) => s.filters);
  const selected = useStore((s) => s.selectedRequestId);
  const paused = useStore((s) => s.paused);
  const buffered = useStore((s) => s.pausedBuffer.length);
  const loadingOlder = useStore((s) => s.loadingOlder);
  const apps = useStore((s) => s.apps);
  const base = useStore((s) => s.health?.api_base_url ?? location.origin);
  const { setFilters, setPaused, selectRequest } = useStore.getState();
  const { run } = useAction();
  // The box shows each key at once; the 100,000-row filter follows in a render React may drop when the
  // next key arrives first (fast typing filters once, for the text it settles on).
  const shownFilters = useDeferredValue(filters);
  const inBodies = useBodyMatches(shownFilters.text, requests[0]?.id);
  const rows = useFilteredRequests(requests, shownFilters, inBodies);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 20 });
  const firstCurl = `curl -s ${base}/api/v2/demo/media-url`;

  return (
    <div className="log-layout">
      <section className="log">
        <div className="toolbar" role="search">
          <input aria-label="Filter requests" placeholder="Filter: path, A8, GET, 404, body text" title="Filter by path text, endpoint (A8), method (GET), status (404), or any text in the bodies (3+ characters, e.g. a channel sid or an e-mail)" value={filters.text} onChange={(e) => setFilters({ text: e.target.value })} />
          <select aria-label="Family" value={filters.family} onChange={(e) => setFilters({ family: e.target.value as RequestFilters['family'] })}>
            <option value="">Both families</option>
            <option value="application">Application (A)</option>
            <option value="client">Client (B)</option>
          </select>
          <select aria-label="Status class" value={filters.status} onChange={(e) => setFilters({ status: e.target.value as RequestFilters['status'] })}>
            <option value="">Any status</option>
            <option value="2xx">2xx</option>
            <option value="4xx">4xx</option>
            <option value="5xx">5xx</option>
          </select>
          <select aria-label="App" value={filters.app} onChange={(e) => setFilters({ app: e.target.value })}>
            <option value="">All apps</option>
            {apps.map((a) => (
              <option key={a.id} value={a.name}>{a.name}</option>
            ))}
          </select>
          <button className={paused ? 'btn active' : 'btn'} onClick={() => setPaused(!paused)} aria-pressed={paused}>
            {paused ? `Resume${buffered ? ` (${buffered} new)` : ''}` : 'Pause'}
          </button>
          <button className="btn" onClick={() => run('Request log cleared.', () => api.del('/requests'))}>Clear</button>
          <a className="btn" href="/__sim/v1/requests.har" download>Export HAR</a>
          <span className="muted count" data-testid="log-count">
            {rows.length.toLocaleString()} {rows.length === requests.length ? 'requests' : `of ${requests.length.toLocaleString()}`}
            {loadingOlder ? ' · loading older…' : ''}
          </span>
        </div>
        <div className="log-head row-grid" role="row">
          <span>Time</span><span>Method</span><span>Path</span><span>Endpoint</span><span>App</span><span>Status</span><span className="num">ms</span>
        </div>
        {rows.length === 0 ? (
          requests.length === 0 ? (
            <Empty title="No requests yet">
              <p>Point your integration at <code>{base}</code>, or paste a first request into a terminal:</p>
              <div className="snippet"><code>{firstCurl}</code><CopyButton text={firstCurl} label="Copy" /></div>
              <p className="muted">Every partner request shows up here live, with headers and bodies (secrets masked).</p>
            </Empty>
          ) : (
            <Empty title="No request matches the filters"><p>Clear the filter box or pick “Both families / Any status”.</p></Empty>
          )
        ) : (
          <div className="log-body" ref={scroller} data-testid="log-body">
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((item) => {
                const r = rows[item.index];
                return (
                  <div
                    key={r.id}
                    role="row"
                    data-testid="log-row"
                    className={`row-grid log-row${r.id === selected ? ' selected' : ''}${r.status >= 400 ? ' failed' : ''}`}
                    style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                    onClick={() => selectRequest(r.id)}
                  >
                    <span className="muted">{r.time.slice(11)}</span>
                    <span className={`method ${r.method}`}>{r.method}</span>
                    <span className="path" title={r.path}>{r.path}</span>
                    <span>{r.endpoint ?? <span className="muted">—</span>}</span>
                    <span>{r.app ?? <span className="muted">—</span>}</span>
                    <span><StatusBadge status={r.status} /></span>
                    <span className="num muted">{r.duration_ms.toFixed(1)}</span>
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </section>
      {selected !== null && <RequestDetail id={selected} onClose={() => selectRequest(null)} />}
    </div>
  );
}
