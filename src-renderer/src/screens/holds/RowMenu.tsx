// A request log row's menu (right click, or the Menu key / Shift+F10 on the grid's cursor row): "Hold the next
// call like this" arms a one-shot hold on the row's endpoint, method and app. The menu takes the keyboard
// because the tester opened it; Escape, a choice or a click elsewhere closes it and gives the keyboard back.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { HoldArmRequest, JournalSummary } from '../../../../src-shared/control';
import { arm } from './holds-actions';

type Method = 'GET' | 'POST' | 'HEAD';
const METHODS = new Set<string>(['GET', 'POST', 'HEAD']);

/** The hold "like this" row: same endpoint, method and app, once. */
export const holdLike = (r: Pick<JournalSummary, 'endpoint' | 'method' | 'app'>) => ({
  // A partner row's endpoint id (the menu offers no hold for a row without one).
  endpoint: (r.endpoint ?? '') as HoldArmRequest['endpoint'], count: 1, ...(METHODS.has(r.method) ? { method: r.method as Method } : {}), ...(r.app ? { app: r.app } : {}),
});

export function RowMenu({ row, at, onOpen, onClose }: {
  row: JournalSummary; at: { x: number; y: number }; onOpen: (id: number) => void; onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  // The log re-renders with every request that arrives: the latest onClose, without opening the menu again.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role=menuitem]:not(:disabled)')?.focus();
    const away = (e: PointerEvent) => !menu.current?.contains(e.target as Node) && close.current();
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [row.id]);
  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]:not(:disabled)') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: (i + 1) % items.length, ArrowUp: (i - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[e.key];
    if (to !== undefined) (e.preventDefault(), items[to]?.focus());
    else if (e.key === 'Escape' || e.key === 'Tab') (e.preventDefault(), e.stopPropagation(), onClose());
  };
  const choose = (fn: () => void) => () => (onClose(), fn());
  // Kept inside the window whichever corner the row was clicked near.
  const style = { left: Math.min(at.x, innerWidth - 280), top: Math.min(at.y, innerHeight - 90) };
  return (
    <div ref={menu} className="row-menu" role="menu" aria-label={`Request ${row.method} ${row.path}`} style={style} onKeyDown={onKeyDown} data-testid="row-menu">
      <button type="button" role="menuitem" tabIndex={-1} disabled={!row.endpoint}
        onClick={choose(() => void arm(holdLike(row)))}>
        Hold the next call like this{row.endpoint ? ` (${row.endpoint}${row.app ? `, ${row.app}` : ''})` : ''}
      </button>
      <button type="button" role="menuitem" tabIndex={-1} onClick={choose(() => onOpen(row.id))}>Show the detail</button>
    </div>
  );
}
