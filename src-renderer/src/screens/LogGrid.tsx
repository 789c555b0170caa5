// The request log's rows as an ARIA grid, virtualized (only the rows in view exist, so 100,000 stay fast).
// One tab stop: the grid itself, whose cursor row is its active descendant. ArrowUp/Down move the cursor
// (and an open detail with it, as in DevTools), PageUp/PageDown and Home/End jump, Enter opens the detail,
// Escape closes it. The grid is its own scroll container (the header row sticks to its top), so the one
// focusable element is also the one that scrolls: keyboard users can scroll it.
import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { JournalSummary } from '../store/shared';
import { AgentBadge, InjectedBadge, StatusBadge } from '../components/common';
import { journalTimeText } from './time-text';

export const ROW_HEIGHT = 26;
const rowId = (id: number) => `log-row-${id}`;

/**
 * The control API's ISO 8601 time (`2026-11-28T04:45:15.406Z`), shown as `2026-11-28 04:45:15.406` (the header
 * says UTC), with the year and milliseconds in spans a narrow log hides.
 */
function Time({ at: iso }: { at: string }) {
  const at = journalTimeText(iso);
  return (
    <>
      <span className="t-year">{at.slice(0, 5)}</span>{at.slice(5, 19)}<span className="t-ms">{at.slice(19)}</span>
    </>
  );
}

export function LogGrid({ rows, selected, onOpen, onMenu, simulatedClock, scroller }: {
  rows: JournalSummary[]; selected: number | null; onOpen: (id: number | null) => void;
  /** A row's menu: right click, or the Menu key / Shift+F10 on the cursor row (screens/holds/RowMenu.tsx). */
  onMenu?: (row: JournalSummary, at: { x: number; y: number }) => void;
  /** The simulator clock is not real time: the times are the simulated ones, and the header says so. */
  simulatedClock: boolean;
  scroller: RefObject<HTMLDivElement | null>;
}) {
  const [cursor, setCursor] = useState<number | null>(selected);
  // A row opened elsewhere (a click, a #requests/42 link) is where the cursor goes.
  useEffect(() => {
    if (selected !== null) setCursor(selected);
  }, [selected]);
  const virtual = useVirtualizer({
    count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 20,
    // Room for the sticky header row above the first row, in layout and when scrolling a row into view.
    paddingStart: ROW_HEIGHT, scrollPaddingStart: ROW_HEIGHT,
  });
  const items = virtual.getVirtualItems();

  const move = (to: number) => {
    if (!rows.length) return;
    const i = Math.max(0, Math.min(rows.length - 1, to));
    setCursor(rows[i].id);
    virtual.scrollToIndex(i, { align: 'auto' });
    if (selected !== null) onOpen(rows[i].id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return; // a link or button inside a row keeps its own keys
    const at = cursor === null ? -1 : rows.findIndex((r) => r.id === cursor);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 0) / ROW_HEIGHT) - 2);
    const to = { ArrowDown: at + 1, ArrowUp: Math.max(0, at - 1), PageDown: at + page, PageUp: Math.max(0, at - page), Home: 0, End: rows.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      return move(to);
    }
    if (e.key === 'Enter' && at >= 0) (e.preventDefault(), onOpen(rows[at].id));
    else if ((e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) && at >= 0 && onMenu) {
      e.preventDefault();
      const box = document.getElementById(rowId(rows[at].id))?.getBoundingClientRect();
      onMenu(rows[at], { x: (box?.left ?? 0) + 180, y: box?.bottom ?? 0 });
    }
    else if (e.key === 'Escape' && selected !== null) (e.preventDefault(), onOpen(null));
  };
  const onFocus = () => {
    // Focus lands on the row already open, or else the first one: the cursor is never nowhere.
    if (cursor === null || !rows.some((r) => r.id === cursor)) setCursor(selected ?? rows[0]?.id ?? null);
  };
  // Only a row that exists can be the active descendant (a scrolled-away cursor row is not rendered).
  const active = cursor !== null && items.some((it) => rows[it.index]?.id === cursor) ? rowId(cursor) : undefined;

  return (
    <div
      className="log-body log-grid" ref={scroller} data-testid="log-body" role="grid" aria-label="Requests" aria-rowcount={rows.length + 1}
      aria-activedescendant={active} tabIndex={0} onKeyDown={onKeyDown} onFocus={onFocus}
    >
      <div role="rowgroup" className="log-head-group">
        <div className="log-head row-grid" role="row" aria-rowindex={1}>
          <span role="columnheader" title={simulatedClock ? 'Times on the simulator clock, which has been moved away from real time (Settings → Clock)' : 'When the request arrived (UTC)'}>
            {simulatedClock ? 'Time (simulated)' : 'Time (UTC)'}
          </span>
          <span role="columnheader">Method</span><span role="columnheader">Path</span><span role="columnheader" className="c-endpoint">Endpoint</span>
          <span role="columnheader" className="c-app">App</span><span role="columnheader">Status</span><span role="columnheader" className="num c-ms">ms</span>
        </div>
      </div>
      <div role="rowgroup" style={{ height: virtual.getTotalSize() - ROW_HEIGHT, position: 'relative' }}>
        {items.map((item) => {
          const r = rows[item.index];
          return (
            <div
              key={r.id} id={rowId(r.id)} role="row" aria-rowindex={item.index + 2} aria-selected={r.id === selected} data-testid="log-row"
              className={`row-grid log-row${r.id === selected ? ' selected' : ''}${r.id === cursor ? ' cursor' : ''}${r.status >= 400 ? ' failed' : ''}`}
              style={{ transform: `translateY(${item.start - ROW_HEIGHT}px)`, height: ROW_HEIGHT }}
              onClick={() => (setCursor(r.id), onOpen(r.id))}
              onContextMenu={onMenu && ((e) => (e.preventDefault(), setCursor(r.id), onMenu(r, { x: e.clientX, y: e.clientY })))}
            >
              <span role="gridcell" className="muted t"><Time at={r.time} /></span>
              <span role="gridcell" className={`method ${r.method}`}>{r.method}</span>
              <span role="gridcell" className="path" title={r.path}>{r.path}</span>
              <span role="gridcell" className="c-endpoint">{r.endpoint ?? <span className="muted">—</span>}</span>
              <span role="gridcell" className="c-app">{r.app ?? <span className="muted">—</span>}</span>
              <span role="gridcell" className="c-status"><StatusBadge status={r.status} /><InjectedBadge injected={r.injected} /><AgentBadge agent={r.agent} /></span>
              <span role="gridcell" className="num muted c-ms">{r.duration_ms.toFixed(1)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
