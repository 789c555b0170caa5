// The queue as one list for the keyboard (issue 37): one tab stop across all its columns (a roving tabindex), the
// arrow keys move through every item in screen order, Home and End jump to the ends. The columns render their
// own items, so the tab stop is kept in the DOM here: whenever the items change, exactly one has tabindex 0 —
// the one the keyboard was last on, else the open consultation, else the first.
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const ITEM = '[data-testid=queue-item]';

export function useQueueKeys(root: RefObject<HTMLElement | null>, selected: string | null) {
  const cursor = useRef<string | null>(null);
  /**
   * The item that has the keyboard. A consultation that changes state moves to another column, and React then
   * builds its item anew: the focus would fall to <body>. It follows the item to its new place instead.
   */
  const holding = useRef<string | null>(null);

  const settle = () => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];
    const pick = items.find((i) => i.dataset.sid === cursor.current) ?? items.find((i) => i.dataset.sid === selected) ?? items[0];
    for (const i of items) {
      const want = i === pick ? '0' : '-1';
      if (i.getAttribute('tabindex') !== want) i.setAttribute('tabindex', want);
    }
    if (holding.current && (document.activeElement === document.body || !document.activeElement)) {
      items.find((i) => i.dataset.sid === holding.current)?.focus();
    }
  };

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    settle();
    const watch = new MutationObserver(settle);
    watch.observe(el, { childList: true, subtree: true });
    const onIn = (e: FocusEvent) => {
      holding.current = (e.target as HTMLElement).closest<HTMLElement>(ITEM)?.dataset.sid ?? null;
    };
    const onOut = (e: FocusEvent) => {
      const to = e.relatedTarget as Node | null;
      if (to && !el.contains(to)) return void (holding.current = null);
      // No new target: the tester clicked elsewhere (the item is still there), or the item left the page.
      const item = e.target as HTMLElement;
      setTimeout(() => {
        if (item.isConnected && !el.contains(document.activeElement)) holding.current = null;
      }, 0);
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    return () => {
      watch.disconnect();
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
    };
  });

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const from = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (!from || e.altKey || e.ctrlKey || e.metaKey) return;
    const items = [...root.current!.querySelectorAll<HTMLElement>(ITEM)];
    const i = items.indexOf(from);
    const next = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = items[Math.max(0, Math.min(items.length - 1, next))];
    cursor.current = to.dataset.sid ?? null;
    settle();
    to.focus();
  };
  const onFocus = (e: React.FocusEvent<HTMLElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (item) (cursor.current = item.dataset.sid ?? null), settle();
  };
  return { onKeyDown, onFocus };
}
