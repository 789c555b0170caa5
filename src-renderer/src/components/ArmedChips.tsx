// Armed rules in sight (issue 37): a rule left from a rehearsal (a fault answering 503, a hold, an autopilot
// rule, a moved clock) shows in the header with its count, whatever the screen. Each chip opens a small panel
// that says what it does, opens its Settings section, and disables them all in one click.
import { Fragment, useEffect, useRef, useState } from 'react';
import { useStore } from '../store';
import { sentence } from './common';
import { disableAll, type ArmedKind } from './armed-actions';
import { useAutopilotRules } from './useAutopilotRules';
import { openSettingsSection } from '../screens/settings/sections';

interface Chip { kind: ArmedKind; count: number; text: string; what: string; disable: string; full?: string; short?: string }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function useChips(): Chip[] {
  const faults = useStore((s) => s.faults.filter((f) => f.count !== 0).length); // a used-up rule answers nothing
  const holds = useStore((s) => s.holds.length);
  const clock = useStore((s) => s.clock);
  const autopilot = useAutopilotRules();
  const chips: Chip[] = [];
  if (faults) chips.push({ kind: 'faults', count: faults, text: 'Faults', what: `${plural(faults, 'fault rule makes', 'fault rules make')} partner calls slow or failing.`, disable: 'Disable all fault rules' });
  if (holds) chips.push({ kind: 'holds', count: holds, text: 'Holds', what: `${plural(holds, 'hold keeps', 'holds keep')} matching partner calls waiting for your decision.`, disable: 'Remove all holds' });
  if (autopilot) chips.push({ kind: 'autopilot', count: autopilot, text: 'Autopilot', what: `${plural(autopilot, 'autopilot rule drives', 'autopilot rules drive')} new consultations without a vet.`, disable: 'Clear the autopilot rules' });
  if (clock && !clock.is_real_time) {
    const now = `${clock.now.replace('T', ' ').slice(0, 19)} UTC${clock.frozen ? ' (frozen)' : ''}`;
    // Narrow windows show the short form (header.css): month, day and minute, in the same UTC.
    const d = new Date(clock.now);
    const short = `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })} ${clock.now.slice(11, 16)}${clock.frozen ? ' (frozen)' : ''}`;
    chips.push({ kind: 'clock', count: 0, text: 'Simulated time', full: now, short, what: `The simulator clock reads ${now}, not real time: trials, token expiry and rate windows follow it.`, disable: 'Back to real time' });
  }
  return chips;
}

const SECTION: Record<ArmedKind, 'faults' | 'holds' | 'autopilot' | 'clock'> = { faults: 'faults', holds: 'holds', autopilot: 'autopilot', clock: 'clock' };

export function ArmedChips() {
  const chips = useChips();
  const [open, setOpen] = useState<ArmedKind | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useStore((s) => s.notify);
  const box = useRef<HTMLDivElement>(null);
  const shown = chips.find((c) => c.kind === open);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(null);
      box.current?.querySelector<HTMLElement>(`[data-kind=${open}]`)?.focus();
    };
    const onDown = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(null);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => (document.removeEventListener('keydown', onKey), document.removeEventListener('mousedown', onDown));
  }, [open]);
  useEffect(() => {
    if (open && !shown) setOpen(null); // its rules went (a script, a reset): nothing left to show
  }, [open, shown]);
  if (!chips.length) return null;

  const disable = async (c: Chip) => {
    setBusy(true);
    try {
      notify('ok', await disableAll(c.kind));
      setOpen(null);
    } catch (e) {
      notify('error', `${c.disable}: that did not work. ${sentence((e as Error).message)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="armed" ref={box} role="group" aria-label="Armed rules">
      {chips.map((c) => (
        // The panel follows its chip in the page, so Tab goes from the chip into it (it is drawn under the chips).
        <Fragment key={c.kind}>
          <button
            type="button" data-kind={c.kind} data-testid={c.kind === 'clock' ? 'sim-clock' : `armed-${c.kind}`}
            className={`armed-chip armed-${c.kind}`} aria-expanded={open === c.kind} aria-controls={open === c.kind ? 'armed-panel' : undefined}
            title={c.what} onClick={() => setOpen(open === c.kind ? null : c.kind)}
          >
            {c.kind === 'clock' ? (
              <><span aria-hidden>🕑</span> <span className="armed-time long">{c.full}</span><span className="armed-time short">{c.short}</span></>
            ) : (
              <>{c.text} <span className="armed-count">{c.count}</span></>
            )}
          </button>
          {shown?.kind === c.kind && (
            <div className="armed-panel" id="armed-panel" role="region" aria-label={shown.kind === 'clock' ? 'Simulated time' : `Armed ${shown.text.toLowerCase()}`} data-testid="armed-panel">
              <p>{shown.what}</p>
              <div className="armed-actions">
                <button type="button" className="btn small" onClick={() => (setOpen(null), openSettingsSection(SECTION[shown.kind]))}>Open in Settings</button>
                <button type="button" className="btn small danger" disabled={busy} onClick={() => void disable(shown)}>{shown.disable}</button>
              </div>
            </div>
          )}
        </Fragment>
      ))}
    </div>
  );
}
