// The time a held call has left, in words of what happens then: "releases in 42 s" / "fails in 42 s". It
// re-renders alone, once a second, so the card (and its body) is not redrawn with it.
import { useEffect, useState } from 'react';
import type { HeldRequest } from '../../../../src-shared/control';

/** The deadline is real time on the simulator's host (a partner's HTTP timeout is real), as is this clock. */
export const secondsLeft = (deadlineAt: string, now = Date.now()) => Math.max(0, Math.ceil((Date.parse(deadlineAt) - now) / 1000));

export function countdownWords(h: Pick<HeldRequest, 'deadline_at' | 'on_timeout'>, now = Date.now()): string {
  const s = secondsLeft(h.deadline_at, now);
  const verb = h.on_timeout === 'fail' ? 'fails' : 'releases';
  if (s === 0) return `${h.on_timeout === 'fail' ? 'failing' : 'releasing'} now…`;
  return s >= 120 ? `${verb} in ${Math.floor(s / 60)} min ${s % 60} s` : `${verb} in ${s} s`;
}

export function Countdown({ held }: { held: HeldRequest }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const urgent = secondsLeft(held.deadline_at, now) <= 10;
  return (
    <span className={`held-countdown${urgent ? ' urgent' : ''}`} data-testid="held-countdown"
      title={`At ${held.deadline_at.slice(11, 19)} UTC, if nobody decides, the call ${held.on_timeout === 'fail' ? 'fails with 503' : 'is answered as usual'}`}>
      {countdownWords(held, now)}
    </span>
  );
}
