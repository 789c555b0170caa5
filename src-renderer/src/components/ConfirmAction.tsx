// A destructive action behind a confirmation: the button opens a small dialog beside it that says what
// will be lost; only its own button does it. Escape or Cancel closes it, and focus returns to the button.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function ConfirmAction({ label, title, question, confirm, onConfirm, disabled }: {
  label: string; title: string; question: ReactNode; confirm: string; onConfirm: () => void; disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  useEffect(() => {
    // The safe choice has the focus, so Enter on an opened dialog deletes nothing.
    if (open) cancel.current?.focus();
  }, [open]);
  return (
    <span className="confirm-anchor">
      <button ref={opener} type="button" className="btn danger-outline" title={title} aria-expanded={open} aria-haspopup="dialog" disabled={disabled} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && (
        <div className="confirm" role="alertdialog" aria-labelledby={`${id}-q`} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), close())}>
          <p id={`${id}-q`}>{question}</p>
          <div className="confirm-actions">
            <button type="button" className="btn danger" onClick={() => (setOpen(false), onConfirm())}>{confirm}</button>
            <button type="button" className="btn" ref={cancel} onClick={close}>Cancel</button>
          </div>
        </div>
      )}
    </span>
  );
}
