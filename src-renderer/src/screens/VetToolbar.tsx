// The vet's actions on one consultation: only those its state allows (nothing disabled for show), each with its
// shortcut, and focus handed on to the next step of the task once the simulator has answered.
import type { ReactNode } from 'react';
import { openShortcuts } from '../components/ShortcutsOverlay';
import { refusal, type Act, type ConsultationView } from './ConsultationDetail';

function Action({ keyName, label, run, busy, primary, danger }: {
  keyName: string; label: string; run: () => void; busy: boolean; primary?: boolean; danger?: boolean;
}) {
  return (
    <button
      type="button" className={`btn${primary ? ' primary' : ''}${danger ? ' danger-outline' : ''}`} disabled={busy} onClick={run}
      data-shortcut={keyName} aria-keyshortcuts={keyName.toUpperCase()} data-primary={primary ? '' : undefined}
      title={`${label} (${keyName.toUpperCase()})`}
    >
      {label} <kbd aria-hidden="true">{keyName.toUpperCase()}</kbd>
    </button>
  );
}

/** What the state means for the vet, in one sentence. */
function stateNote(c: ConsultationView): string {
  if (c.type === 'chat') {
    const notes: Record<string, string> = { waiting: 'Waiting for a vet: accept it, or end it unanswered.', active: 'In progress: end it when the talk is over.', ended: 'This chat has ended: only the feedback can still change.' };
    return notes[c.status] ?? c.status;
  }
  const notes: Record<string, string> = { ringing: 'Ringing: accept, decline, or mark it not answered.', accepted: 'In call: end the call when it is over.' };
  return notes[c.status] ?? `This call is ${c.status}: its outcome is recorded.`;
}

export function VetToolbar({ c, busy, act, lastResult }: {
  c: ConsultationView; busy: boolean; act: Act; lastResult: { ok: boolean; text: string } | null;
}) {
  const can = (a: 'accept' | 'end' | 'outcome') => !refusal(c, a);
  const actions: ReactNode[] = [];
  if (c.type === 'chat') {
    if (can('accept')) actions.push(<Action key="a" keyName="a" label="Accept chat" primary busy={busy} run={() => void act('Chat accepted.', 'accept', {}, 'composer')} />);
    if (can('end')) actions.push(<Action key="e" keyName="e" label="End chat" busy={busy} primary={!can('accept')} danger={can('accept')} run={() => void act('Chat ended.', 'end', {}, 'feedback')} />);
  } else {
    if (can('outcome')) {
      actions.push(
        <Action key="a" keyName="a" label="Accept" primary busy={busy} run={() => void act('Call accepted.', 'outcome', { status: 'accepted' }, 'primary')} />,
        <Action key="d" keyName="d" label="Decline" danger busy={busy} run={() => void act('Call declined.', 'outcome', { status: 'declined' }, 'feedback')} />,
        <Action key="n" keyName="n" label="No answer" busy={busy} run={() => void act('Call marked not answered.', 'outcome', { status: 'notanswered' }, 'feedback')} />,
      );
    }
    if (can('end')) actions.push(<Action key="e" keyName="e" label="End call" primary busy={busy} run={() => void act('Call ended.', 'end', {}, 'feedback')} />);
  }
  return (
    <div className="consult-toolbar" role="group" aria-label="Vet actions" aria-describedby="vet-actions-note">
      {actions}
      <span className="muted small actions-note" id="vet-actions-note" data-testid="actions-note">{stateNote(c)}</span>
      {lastResult && !lastResult.ok && <span className="error-text small" data-testid="action-result" role="status">✕ {lastResult.text}</span>}
      <span className="spacer" />
      <button type="button" className="btn small" onClick={openShortcuts} aria-keyshortcuts="?" title="Keyboard shortcuts (?)">Shortcuts <kbd aria-hidden="true">?</kbd></button>
    </div>
  );
}
