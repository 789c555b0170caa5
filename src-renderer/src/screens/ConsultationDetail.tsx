// One consultation as the vet works it (issue 37): a one-line header, a toolbar of only the actions its state
// allows, the conversation (or the call) at full height with the composer pinned at the bottom, feedback as
// the next step once it is over, and the user, the pet and the timeline in a side rail.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import type { TimelineEntry } from '../store/shared';
import type { VetAction, VetActionRefusals } from '../../../src-shared/control';
import { CopyButton, sentence } from '../components/common';
import { Conversation, closedReason } from './Conversation';
import { FeedbackForm } from './FeedbackForm';
import { VideoCall } from './VideoCall';
import { VetToolbar } from './VetToolbar';
import { ConsultationRail } from './ConsultationRail';
import { focusIn, focusSoon, takeFocus, type FocusTarget } from './vet-focus';

export interface ConsultationView {
  id: number; sid: string; type: 'chat' | 'video'; status: string; outcome: string | null; vet_id: string; identity: string; app_name: string | null;
  created_at: string; accepted_at: string | null; ended_at: string | null; waiting_seconds: number;
  user?: { id: number; email: string; first_name: string; last_name: string | null; role: string; status: string; phone_no: string | null; emergency_fund: number };
  pet?: { id: number; name: string; species: string | null; breed: string | null; age: string; weight: string | null; sex: string; profile: string | null };
  vet?: { id: string; username: string; first_name: string; last_name: string };
  feedback: { recommendation: string; reason: string; feedback_date: string; vet_id: string; emergency_activated: number; emergency_note: string | null } | null;
  /** Why each vet action would be refused now, in the simulator's words (its 409); null when it applies. */
  refusals?: VetActionRefusals;
  /** Optional: a server from before conversations sends neither (the UI then leaves them out). */
  timeline?: TimelineEntry[];
  owner_page_url?: string | null;
}

/** Why a vet action does not apply to the consultation as it stands (the simulator's 409 sentence), or undefined when it does. */
export const refusal = (c: Pick<ConsultationView, 'refusals'>, action: VetAction): string | undefined => c.refusals?.[action] ?? undefined;

/** Feedback can be written once a chat was accepted or a call has its outcome (behaviour §9). */
export const feedbackAllowed = (c: Pick<ConsultationView, 'status'>) => c.status !== 'waiting' && c.status !== 'ringing';

const FAILED: Record<string, string> = { accept: 'The chat was not accepted', end: 'It was not ended', outcome: 'The outcome was not recorded', feedback: 'The feedback was not saved' };

export type Act = (label: string, path: string, body: unknown, next: FocusTarget, method?: 'post' | 'put') => Promise<void>;

export function ConsultationDetail({ sid, roster }: { sid: string; roster?: ReactNode }) {
  const [c, setC] = useState<ConsultationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The timeline also moves with messages and with partner requests that only read (A9, A11).
  const version = useStore((s) => (s.versions.consultation ?? 0) + (s.versions.feedback ?? 0) + (s.versions.timeline ?? 0) + (s.messageVersions[sid] ?? 0));
  const [busy, setBusy] = useState(false);
  const [lastResult, setLastResult] = useState<{ ok: boolean; text: string } | null>(null);
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    api.get<ConsultationView>(`/consultations/${sid}`).then((d) => (setC(d), setError(null)), (e: Error) => setError(e.message));
  }, [sid, version]);
  // Focus asked for by the last action (or by opening from the queue) lands once its answer is on screen.
  useEffect(() => {
    const target = c && takeFocus(c.sid);
    if (target && main.current) focusIn(main.current.parentElement ?? main.current, target);
  });

  if (error) return <div className="consultation"><section className="vet-main" aria-label="Consultation"><p className="error-text">{error}</p></section><ConsultationRail roster={roster} /></div>;
  if (!c) return <div className="consultation"><section className="vet-main" aria-label="Consultation"><p className="muted">Loading…</p></section><ConsultationRail roster={roster} /></div>;

  const act: Act = async (label, path, body, next, method = 'post') => {
    setBusy(true);
    try {
      const updated = await api[method]<ConsultationView>(`/consultations/${c.sid}/${path}`, body);
      focusSoon(c.sid, next);
      setC(updated);
      setLastResult({ ok: true, text: label });
      useStore.getState().notify('ok', label);
    } catch (e) {
      setLastResult({ ok: false, text: (e as Error).message });
      useStore.getState().notify('error', `${FAILED[path] ?? 'That did not work'}: ${sentence((e as Error).message)}`);
      focusSoon(c.sid, 'primary');
      setC({ ...c });
    } finally {
      setBusy(false);
    }
  };
  const chatOpen = c.type === 'chat' && !closedReason(c);
  const feedback = feedbackAllowed(c) && (
    <FeedbackForm key={`feedback-${c.sid}`} c={c} busy={busy} save={(label, body) => void act(label, 'feedback', body, 'queue', 'put')} />
  );
  const owner = c.user ? `${c.user.first_name} ${c.user.last_name ?? ''}`.trim() : 'Unknown owner';

  return (
    <div className="consultation" data-testid="consultation-detail">
      <section className="vet-main" aria-labelledby="consultation-title" ref={main}>
        <div className="consult-head">
          <h2 id="consultation-title" title={`${owner} · ${c.pet?.name ?? 'no pet'}`}>
            <span className="type-tag">{c.type === 'chat' ? 'CHAT' : 'VIDEO'}</span> {owner} · {c.pet?.name ?? 'no pet'}
          </h2>
          <span className={`pill ${c.status}`} data-testid="consultation-status">{c.status}</span>
          <code className="consult-sid" title={c.sid}>{c.sid}</code>
          <CopyButton text={c.sid} label="Copy sid" title="Copy the channel or room sid" />
        </div>
        <VetToolbar c={c} busy={busy} act={act} lastResult={lastResult} />
        <div className={`consult-body ${c.type}`}>
          {c.type === 'chat' ? <Conversation key={`conversation-${c.sid}`} c={c} /> : <VideoCall c={c} />}
          {!chatOpen && feedback}
        </div>
      </section>
      <ConsultationRail c={c} feedback={chatOpen ? feedback : null} roster={roster} />
    </div>
  );
}
