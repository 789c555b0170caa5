// One consultation as the vet works it (issue 37): a one-line header, a toolbar of only the actions its state
// allows, the conversation (or the call) at full height with the composer pinned at the bottom, feedback as
// the next step once it is over, and the user, the pet and the timeline in a side rail.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { control } from '../api';
import { consultationFeed, messageFeed, noteStatuses } from '../feeds';
import { useStore } from '../store';
import type { TimelineEntry } from '../store/shared';
import type { VetAction } from '../../../src-shared/control';
import type { AnswerOf } from '../../../src-shared/control-api/define';
import type { ControlRoutes } from '../../../src-shared/control-api/routes';
import { CopyButton, sentence } from '../components/common';
import { Conversation, closedReason } from './Conversation';
import { FeedbackForm } from './FeedbackForm';
import { VideoCall } from './VideoCall';
import { VetToolbar } from './VetToolbar';
import { ConsultationRail } from './ConsultationRail';
import { focusIn, focusSoon, takeFocus, type FocusTarget } from './vet-focus';

/** A consultation as the detail shows it: the control API's answer, typed by the one table of routes. */
export type ConsultationView = AnswerOf<ControlRoutes['getConsultation']>;

/** Why a vet action does not apply to the consultation as it stands (the simulator's 409 sentence), or undefined when it does. */
export const refusal = (c: Pick<ConsultationView, 'refusals'>, action: VetAction): string | undefined => c.refusals?.[action] ?? undefined;

/** Feedback can be written once a chat was accepted or a call has its outcome (behaviour §9). */
export const feedbackAllowed = (c: Pick<ConsultationView, 'status'>) => c.status !== 'waiting' && c.status !== 'ringing';

const FAILED: Record<string, string> = { accept: 'The chat was not accepted', end: 'It was not ended', outcome: 'The outcome was not recorded', feedback: 'The feedback was not saved' };

export type Act = (label: string, path: string, body: unknown, next: FocusTarget, method?: 'post' | 'put') => Promise<void>;

/** Each vet action by the name the toolbar gives it: one generated client call, answering the card as committed. */
const ACTIONS: Record<string, (sid: string, body: unknown) => Promise<Partial<ConsultationView>>> = {
  accept: (sid) => control.acceptConsultation({ params: { sid } }) as Promise<Partial<ConsultationView>>,
  end: (sid) => control.endConsultation({ params: { sid } }) as Promise<Partial<ConsultationView>>,
  outcome: (sid, body) => control.recordOutcome({ params: { sid }, body: body as { status: 'accepted' } }) as Promise<Partial<ConsultationView>>,
  feedback: (sid, body) => control.writeFeedback({ params: { sid }, body: body as { recommendation: string; reason: string } }) as Promise<Partial<ConsultationView>>,
};

export function ConsultationDetail({ sid, roster }: { sid: string; roster?: ReactNode }) {
  const [c, setC] = useState<ConsultationView | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The timeline moves with the vet's actions, messages, feedback and partner requests that only read (A9, A11).
  // Each of them asks for the detail once, after a short pause: the events of one action (the card, its
  // system message, the feedback) come together and cost one request (issue 36: 1 POST, at most 1 GET).
  const partnerReads = useStore((s) => (s.versions.feedback ?? 0) + (s.versions.timeline ?? 0) + (s.versions.simulator ?? 0) + (s.messageVersions[sid] ?? 0));
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const mine = () => setChanges((n) => n + 1);
    const off = [
      consultationFeed.subscribe((cards) => cards.some((card) => card.sid === sid) && mine()),
      messageFeed.subscribe((items) => items.some((i) => i.sid === sid) && mine()),
    ];
    return () => off.forEach((f) => f());
  }, [sid]);
  const [busy, setBusy] = useState(false);
  const [lastResult, setLastResult] = useState<{ ok: boolean; text: string } | null>(null);
  const main = useRef<HTMLElement>(null);
  const opened = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    const read = () =>
      control.getConsultation({ params: { sid } }).then(
        (d) => live && (noteStatuses([d]), setC(d as ConsultationView), setError(null)),
        (e: Error) => live && setError(e.message),
      );
    // Opening one reads it at once; a change to the one open waits for the rest of its batch.
    if (opened.current !== sid) {
      opened.current = sid;
      void read();
      return () => void (live = false);
    }
    const t = setTimeout(read, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [sid, partnerReads, changes]);
  // Focus asked for by the last action (or by opening from the queue) lands once its answer is on screen.
  // Not while busy: the answer can render before the action ends (a store update renders at once), its buttons
  // still disabled, and focus then fell past End call onto the call stage (seen in CI, 1 run in ~20).
  useEffect(() => {
    if (busy) return;
    const target = c && takeFocus(c.sid);
    if (target && main.current) focusIn(main.current.parentElement ?? main.current, target);
  });

  if (error) return <div className="consultation"><section className="vet-main" aria-label="Consultation"><p className="error-text">{error}</p></section><ConsultationRail roster={roster} /></div>;
  if (!c) return <div className="consultation"><section className="vet-main" aria-label="Consultation"><p className="muted">Loading…</p></section><ConsultationRail roster={roster} /></div>;

  const act: Act = async (label, path, body, next, method = 'post') => {
    setBusy(true);
    try {
      const updated = await ACTIONS[path](c.sid, body);
      focusSoon(c.sid, next);
      // The card as committed; the timeline already on screen stays until the detail is read again (above).
      setC((shown) => ({ ...shown, ...updated }) as ConsultationView);
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
