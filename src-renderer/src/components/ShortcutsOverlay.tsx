// The `?` overlay: every shortcut in one list. A modal dialog: focus stays inside it (Tab and Shift+Tab cycle),
// Escape or Close shuts it, and focus goes back where it was (or to the queue, if that control is gone).
import { Fragment, useEffect, useRef, useState } from 'react';
import { runShortcut, SHORTCUTS } from './shortcuts';
import { focusQueue } from '../screens/vet-focus';

export const OPEN_SHORTCUTS = 'sim:shortcuts';
export const openShortcuts = () => window.dispatchEvent(new Event(OPEN_SHORTCUTS));

export function ShortcutsOverlay() {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (runShortcut(e, () => ((opener.current = document.activeElement), setOpen(true)))) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);

  useEffect(() => {
    // A button elsewhere (the vet console's toolbar) opens the list too.
    const onAsk = () => ((opener.current = document.activeElement), setOpen(true));
    window.addEventListener(OPEN_SHORTCUTS, onAsk);
    return () => window.removeEventListener(OPEN_SHORTCUTS, onAsk);
  }, []);

  if (!open) return null;

  const shut = () => {
    setOpen(false);
    const back = opener.current as HTMLElement | null;
    requestAnimationFrame(() => {
      if (back && back.isConnected && back !== document.body) back.focus();
      else focusQueue();
    });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') return e.preventDefault(), shut();
    if (e.key !== 'Tab') return;
    const items = [...dialog.current!.querySelectorAll<HTMLElement>('button, [href], [tabindex="0"]')];
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) (e.preventDefault(), last.focus());
    else if (!e.shiftKey && document.activeElement === last) (e.preventDefault(), first.focus());
  };
  return (
    <div className="overlay-backdrop" onMouseDown={(e) => e.target === e.currentTarget && shut()}>
      <div className="shortcuts" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title" ref={dialog} onKeyDown={onKeyDown} data-testid="shortcuts">
        <div className="shortcuts-head">
          <h2 id="shortcuts-title">Keyboard shortcuts</h2>
          <button type="button" className="btn small" ref={close} onClick={shut}>Close</button>
        </div>
        <p className="muted small">A letter alone works outside text fields; with Alt it works anywhere, the message box included.</p>
        <dl className="shortcut-list" tabIndex={0} aria-label="Shortcuts">
          {SHORTCUTS.map((s) => (
            <Fragment key={s.does}>
              <dt>{s.keys.map((k, i) => <Fragment key={k}>{i > 0 && ' '}<kbd>{k}</kbd></Fragment>)}</dt>
              <dd>{s.does}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </div>
  );
}
