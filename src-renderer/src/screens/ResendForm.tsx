// Resend a journaled request, as it was or edited: method, URL, headers (one "name: value" a line) and body.
// This browser sends it to the partner API like any client; the log then selects its new journal entry.
import { useState, type FormEvent } from 'react';
import { useStore } from '../store';
import { sentence } from '../components/common';
import { draftOf, draftProblem, resend, type ResendDraft } from './resend';
import type { SentEntry } from './replay';

/** What a toast says once the request went out. */
const sentWords = (r: { status: number; entryId: number | null }) =>
  r.entryId === null ? `Sent again: it answered ${r.status}. Its journal entry did not show up yet.` : `Sent again: it answered ${r.status} (request #${r.entryId}, selected).`;

export function useResend() {
  const [sending, setSending] = useState(false);
  const { notify, selectRequest } = useStore.getState();
  const send = async (d: ResendDraft): Promise<string | undefined> => {
    const problem = draftProblem(d);
    if (problem) return problem;
    setSending(true);
    try {
      const r = await resend(d);
      notify('ok', sentWords(r));
      if (r.entryId !== null) selectRequest(r.entryId);
      return undefined;
    } catch (e) {
      // A refused fetch (another origin without CORS, a server gone) says little more than "Failed to fetch".
      return `The request was not sent: ${sentence((e as Error).message)}`;
    } finally {
      setSending(false);
    }
  };
  return { sending, send };
}

export function ResendForm({ sent, onClose }: { sent: SentEntry; onClose: () => void }) {
  const [draft, setDraft] = useState<ResendDraft>(() => draftOf(sent));
  const [error, setError] = useState<string>();
  const { sending, send } = useResend();
  const edit = (k: keyof ResendDraft, v: string) => (setDraft({ ...draft, [k]: v }), setError(undefined));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await send(draft);
    if (problem) setError(problem);
    else onClose();
  };
  const noBody = /^(GET|HEAD)$/i.test(draft.method.trim());
  return (
    <form className="resend-form" aria-label="Edit and resend" data-testid="resend-form" noValidate onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}>
      {sent.credentials === 'masked' && <p className="warn-text small">Secrets in <code>&lt;… as sent&gt;</code> are placeholders: the simulator no longer remembers them. Write them in before sending.</p>}
      <div className="resend-line">
        <label className="resend-field narrow">Method<input value={draft.method} onChange={(e) => edit('method', e.target.value)} spellCheck={false} /></label>
        <label className="resend-field grow">URL<input value={draft.url} onChange={(e) => edit('url', e.target.value)} spellCheck={false} /></label>
      </div>
      <label className="resend-field">Headers <span className="muted small">(one “name: value” a line)</span>
        <textarea rows={Math.min(8, Math.max(3, draft.headers.split('\n').length))} value={draft.headers} onChange={(e) => edit('headers', e.target.value)} spellCheck={false} />
      </label>
      <label className="resend-field">Body{noBody && <span className="muted small"> (none with {draft.method.trim().toUpperCase()})</span>}
        <textarea rows={6} value={draft.body} onChange={(e) => edit('body', e.target.value)} spellCheck={false} aria-invalid={noBody && !!draft.body.trim()} />
      </label>
      {error && <p className="error-text" role="alert" data-testid="resend-error">{error}</p>}
      <div className="actions">
        <button type="submit" className="btn primary" disabled={sending}>{sending ? 'Sending…' : 'Send'}</button>
        <button type="button" className="btn" onClick={() => (setDraft(draftOf(sent)), setError(undefined))}>Put back as it was</button>
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
      </div>
    </form>
  );
}
