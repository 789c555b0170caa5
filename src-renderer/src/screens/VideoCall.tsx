// A video call as the vet sees it (issue 37): ringing, in call with a running timer and two placeholder tiles
// (the simulator carries no media), and ended with its outcome and duration. Live: the state events refetch the
// consultation, and the timer counts on the simulator's clock (a moved clock moves it too).
import { useEffect, useState } from 'react';
import { useStore } from '../store';
import type { ConsultationView } from './ConsultationDetail';
import { instantOf } from './time-text';

/** `75` → `01:15`; an hour or more → `1:01:15`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The simulator's now, in epoch ms, ticking once a second. */
function useSimNow(): number {
  const clock = useStore((s) => s.clock);
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  if (clock?.frozen) return instantOf(clock.now);
  return Date.now() + (clock?.offset_ms ?? 0);
}

const initials = (first?: string | null, last?: string | null) => `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '?';

export function VideoCall({ c }: { c: ConsultationView }) {
  const now = useSimNow();
  const since = (iso: string | null) => (iso ? (now - instantOf(iso)) / 1000 : 0);
  const between = (from: string | null, to: string | null) => (from && to ? (instantOf(to) - instantOf(from)) / 1000 : null);
  const vet = c.vet ? `${c.vet.first_name} ${c.vet.last_name}` : 'The vet';
  const owner = c.user ? `${c.user.first_name} ${c.user.last_name ?? ''}`.trim() : 'The owner';

  if (c.status === 'ringing') {
    return (
      <div className="call-stage ringing" data-testid="call-stage" data-state="ringing" tabIndex={-1}>
        <div className="call-ring" aria-hidden="true"><span>{initials(c.user?.first_name, c.user?.last_name)}</span></div>
        <p className="call-title">{owner} is calling {vet}</p>
        <p className="call-sub muted">Ringing for <span data-testid="call-timer">{duration(since(c.created_at))}</span> · about {c.pet?.name ?? 'no pet'}</p>
        <p className="call-sub muted small">Accept, Decline or No answer: the owner’s page shows it within a second.</p>
      </div>
    );
  }
  if (c.status === 'accepted') {
    const started = c.accepted_at ?? c.created_at;
    return (
      <div className="call-stage in-call" data-testid="call-stage" data-state="in-call" tabIndex={-1}>
        <p className="call-title">In call <span className="call-timer" data-testid="call-timer" role="timer" aria-label="Call duration">{duration(since(started))}</span></p>
        <div className="call-tiles">
          <div className="call-tile"><span className="tile-face" aria-hidden="true">{initials(c.vet?.first_name, c.vet?.last_name)}</span><span className="tile-name">{vet} (vet)</span></div>
          <div className="call-tile"><span className="tile-face owner" aria-hidden="true">{initials(c.user?.first_name, c.user?.last_name)}</span><span className="tile-name">{owner} (owner)</span></div>
        </div>
        <p className="call-sub muted small">No audio or video is simulated: these tiles stand for the two cameras.</p>
      </div>
    );
  }
  const lasted = c.status === 'completed' ? between(c.accepted_at, c.ended_at) : null;
  const rang = between(c.created_at, c.status === 'completed' ? c.accepted_at : c.ended_at ?? c.accepted_at);
  const outcomes: Record<string, string> = { completed: 'Call completed', declined: 'The vet declined the call', notanswered: 'The call was not answered' };
  const outcome = outcomes[c.status] ?? `Call ${c.status}`;
  return (
    <div className="call-stage ended" data-testid="call-stage" data-state="ended" tabIndex={-1}>
      <p className="call-title">{outcome}</p>
      <p className="call-sub" data-testid="call-summary">
        {lasted !== null ? <>Lasted <b data-testid="call-duration">{duration(lasted)}</b></> : <>Outcome: <b>{c.outcome ?? c.status}</b></>}
        {rang !== null && <span className="muted"> · rang for {duration(rang)}</span>}
      </p>
    </div>
  );
}
