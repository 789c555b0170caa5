// Results of actions, as short sentences in a corner: at most two at a time (the newest), each with a
// button to dismiss it. The stack never covers the control that raised it: it goes to the first corner
// clear of the control the tester last used (its box as it was when used: it may be disabled since).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '../store';

const VISIBLE = 2;
const MARGIN = 16;
type Corner = 'bottom-right' | 'top-right' | 'bottom-left';
const CORNERS: Corner[] = ['bottom-right', 'top-right', 'bottom-left'];

/** The box of the control the tester last clicked or focused. */
let lastControl: DOMRect | null = null;
function remember(e: Event): void {
  const el = (e.target as Element | null)?.closest?.('button, a, input, select, textarea, [role=tab], [role=grid]');
  if (el && !el.closest('.toasts')) lastControl = el.getBoundingClientRect();
}

/** Where a box of this size sits in a corner (the top one clears the header and the tabs). */
function boxAt(corner: Corner, w: number, h: number, top: number): DOMRect {
  const x = corner === 'bottom-left' ? MARGIN : innerWidth - MARGIN - w;
  const y = corner === 'top-right' ? top : innerHeight - MARGIN - h;
  return new DOMRect(x, y, w, h);
}
const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export function Toasts() {
  const toasts = useStore((s) => s.toasts);
  const dismiss = useStore((s) => s.dismiss);
  const shown = toasts.slice(-VISIBLE);
  const stack = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ corner: Corner; top: number }>({ corner: 'bottom-right', top: 0 });
  useEffect(() => {
    document.addEventListener('pointerdown', remember, true);
    document.addEventListener('focusin', remember, true);
    return () => {
      document.removeEventListener('pointerdown', remember, true);
      document.removeEventListener('focusin', remember, true);
    };
  }, []);
  const newest = shown.at(-1)?.id;
  useLayoutEffect(() => {
    const el = stack.current;
    if (newest === undefined || !el) return;
    const { width, height } = el.getBoundingClientRect();
    const top = (document.querySelector('.tabs-bar')?.getBoundingClientRect().bottom ?? 0) + 8;
    const control = lastControl;
    setPlace({ corner: CORNERS.find((c) => !control || !overlaps(boxAt(c, width, height, top), control)) ?? 'bottom-right', top });
  }, [newest]);
  return (
    <div
      className={`toasts ${place.corner}`} style={place.corner === 'top-right' ? { top: place.top } : undefined}
      ref={stack} role="region" aria-label="Notifications" aria-live="polite" data-testid="toasts" data-corner={place.corner}
    >
      {shown.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button type="button" className="toast-close" aria-label="Dismiss" title="Dismiss" onClick={() => dismiss(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
