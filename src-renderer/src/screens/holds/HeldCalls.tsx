// The held calls, above every tab: a strip that is empty (and takes no room) until a hold keeps a request,
// then lists each one as a card, oldest first, with Release all. It is not a dialog and never takes focus:
// a call that arrives is announced by a polite live region, and the tester's keyboard stays where it was.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '../../store';
import type { HeldRequest } from '../../../../src-shared/control';
import { countdownWords } from './Countdown';
import { HeldCard } from './HeldCard';
import { releaseAll } from './holds-actions';
import './holds.css';

/** What a screen reader says when calls arrive: which ones, and what happens if nobody decides. */
function arrivalWords(fresh: HeldRequest[], total: number): string {
  const one = fresh[0];
  const what = fresh.length === 1
    ? `${one.endpoint} call held: ${one.method} ${one.path} from ${one.app}; it ${countdownWords(one)}.`
    : `${fresh.length} calls held: ${fresh.map((h) => h.endpoint).join(', ')}.`;
  return total > fresh.length ? `${what} ${total} calls are waiting.` : what;
}

/** Says each newly held call once (a list read again after a decision is not news). */
function useArrivals(held: HeldRequest[]): string {
  const seen = useRef(new Set<string>());
  const [words, setWords] = useState('');
  useEffect(() => {
    const fresh = held.filter((h) => !seen.current.has(h.id));
    seen.current = new Set(held.map((h) => h.id));
    if (fresh.length) setWords(arrivalWords(fresh, held.length));
  }, [held]);
  return words;
}

export function HeldCalls() {
  const held = useStore((s) => s.held);
  const anyDeciding = useStore((s) => s.deciding.length > 0);
  const announcement = useArrivals(held);
  return (
    <div className="held-host" data-testid="held-host">
      <div className="sr-only" role="status" aria-live="polite" data-testid="held-announcer">{announcement}</div>
      {held.length > 0 && (
        <section className="held-calls" aria-labelledby="held-calls-title" data-testid="held-calls">
          <div className="held-bar">
            <h2 id="held-calls-title" className="held-calls-title">
              Held calls <span className="held-count">{held.length}</span>
            </h2>
            <span className="muted small">Oldest first. Each waits for your decision until its deadline.</span>
            <span className="spacer" />
            <button type="button" className="btn" disabled={anyDeciding} onClick={() => void releaseAll()}
              title="Let the simulator process every held call as usual">
              Release all
            </button>
          </div>
          <div className="held-list">
            {held.map((h) => <HeldCard key={h.id} held={h} />)}
          </div>
        </section>
      )}
    </div>
  );
}
