// One journal entry: headers and bodies (coloured JSON, secrets masked), the simulator's why of a refusal, and
// the request to send again (Copy as cURL, Copy as fetch, Resend as it was or edited).
import { useEffect, useState } from 'react';
import { control } from '../api';
import { useStore } from '../store';
import type { JournalEntry } from '../store/shared';
import { CopyButton, AgentBadge, InjectedBadge, Json, KeyValues, StatusBadge } from '../components/common';
import { TabList, tabPanel } from '../components/Tabs';
import { toCurl, toFetch, type SentEntry } from './replay';
import { HoldLikeThis, holdNote } from './holds/HoldLikeThis';
import { journalTimeText } from './time-text';
import { ResendForm, useResend } from './ResendForm';
import { draftOf } from './resend';
import { WhyNote } from './WhyNote';
import './request-detail.css';

const SID = /^(CH|RM)[0-9a-f]{32}$/;
const parsed = (text: string | null | undefined): Record<string, unknown> | undefined => {
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // not JSON, or a body cut at 64 KiB
  }
};

/**
 * The consultation a request started or named: A8's data.channel (or room_sid), B10's inside
 * data.stringify_response, else the channel_sid / room_sid the request itself sent (A10, A11, A14).
 */
export function consultationOf(e: JournalEntry): string | null {
  const data = parsed(e.response_body)?.data as Record<string, unknown> | undefined;
  const inner = typeof data?.stringify_response === 'string' ? parsed(data.stringify_response) : undefined;
  const sent = parsed(e.request_body);
  const found = [data?.channel, data?.room_sid, data?.channel_sid, inner?.channel, inner?.room_sid, sent?.channel_sid, sent?.room_sid];
  return (found.find((v) => typeof v === 'string' && SID.test(v)) as string | undefined) ?? null;
}

const TABS = [
  { id: 'headers', label: 'Headers' },
  { id: 'payload', label: 'Payload' },
  { id: 'response', label: 'Response' },
] as const;
type DetailTab = (typeof TABS)[number]['id'];

/** What the copy buttons' titles say about the credentials in the copy. */
function copyNote(sent: SentEntry | null): string {
  if (!sent) return '';
  const creds = sent.credentials === 'masked' ? ' Secrets this simulator no longer remembers are placeholders such as <password as sent>.' : ' Credentials as sent.';
  return `${creds}${sent.truncated ? ' The body was cut at 64 KiB in the log.' : ''}`;
}

export function RequestDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const [entry, setEntry] = useState<JournalEntry | null>(null);
  // The request as sent (credentials included) lives only here, for the copy buttons: never rendered.
  const [sent, setSent] = useState<SentEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<DetailTab>('response');
  const base = useStore((s) => s.health?.api_base_url ?? location.origin);
  const simulatedClock = useStore((s) => !!s.clock && !s.clock.is_real_time);
  const [editing, setEditing] = useState(false);
  const { sending, send } = useResend();
  useEffect(() => {
    let live = true;
    setEditing(false);
    setEntry(null);
    setSent(null);
    setError(null);
    control.getRequest({ params: { id: String(id) } }).then((e) => live && setEntry(e), (e: Error) => live && setError(e.message));
    control.getRequest({ params: { id: String(id) }, query: { credentials: 'include' } }).then((e) => live && setSent(e as SentEntry), () => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  const sid = entry ? consultationOf(entry) : null;
  const note = copyNote(sent);
  // Multipart files are not kept in the journal, and forgotten secrets are placeholders: those are edited first.
  const resendable = sent && !sent.request_params;
  const asItWas = async () => {
    const problem = sent && (await send(draftOf(sent)));
    if (problem) useStore.getState().notify('error', problem);
  };
  return (
    <aside className="detail" aria-label="Request detail" data-testid="request-detail" onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onClose())}>
      <div className="detail-head">
        {entry ? (
          <>
            <StatusBadge status={entry.status} /><InjectedBadge injected={entry.injected} /><AgentBadge agent={entry.agent} /> <b>{entry.method}</b> <span className="path">{entry.path}</span>
          </>
        ) : (
          <span className="muted">{error ?? 'Loading…'}</span>
        )}
        <span className="spacer" />
        <button type="button" className="btn small" onClick={onClose} aria-label="Close detail" title="Close (Escape)">×</button>
      </div>
      {sent && (
        <div className="detail-copy">
          <CopyButton text={toCurl(sent, base)} label="Copy as cURL" title={`Copy a curl command that sends this request again.${note}`} />
          <CopyButton text={toFetch(sent, base)} label="Copy as fetch" title={`Copy a fetch() call that sends this request again.${note}`} />
          {resendable && (
            <>
              <button type="button" className="btn small" disabled={sending || sent.credentials === 'masked'} onClick={() => void asItWas()}
                title={sent.credentials === 'masked' ? 'Its secrets are forgotten: use Edit and resend to write them in.' : 'Send this request again, as it was sent, from this browser'}>
                {sending ? 'Sending…' : 'Resend'}
              </button>
              <button type="button" className="btn small" aria-expanded={editing} onClick={() => setEditing(!editing)}>Edit and resend…</button>
            </>
          )}
          {entry && <HoldLikeThis entry={entry} />}
          {sent.credentials === 'masked' && <span className="muted small">Secrets are placeholders: the simulator no longer remembers them (restarted, or many requests since).</span>}
        </div>
      )}
      {entry && (
        <>
          <WhyNote entry={entry} />
          {editing && sent && <ResendForm sent={sent} onClose={() => setEditing(false)} />}
          {entry.injected && (
            <p className="detail-link warn-text" data-testid="injected-note">
              {holdNote(entry) ?? (entry.injected === 'fault' ? 'A fault rule answered this request: the API did not see it.' : 'A fault rule delayed this answer.')}
            </p>
          )}
          {sid && (
            <p className="detail-link" data-testid="request-consultation">
              Consultation <a href={`#vet/${sid}`} title="Open it in the vet console"><code>{sid}</code></a>
              <span className="muted"> — opens in the vet console</span>
            </p>
          )}
          <TabList tabs={TABS} selected={tab} onSelect={setTab} label="Request detail" idBase="request-detail" className="subtabs" tabClassName="subtab" />
          <div className="detail-body" {...tabPanel('request-detail', tab)} tabIndex={0}>
            {tab === 'headers' && (
              <>
                <KeyValues rows={[['Endpoint', entry.endpoint], ['App', entry.app], ['Time', `${journalTimeText(entry.time)} UTC${simulatedClock ? ' (simulator clock)' : ''}`], ['Duration', `${entry.duration_ms} ms`], ['Query', entry.query]]} />
                <h2 className="h4">Request headers</h2>
                <KeyValues rows={Object.entries(entry.request_headers)} />
                <h2 className="h4">Response headers</h2>
                <KeyValues rows={Object.entries(entry.response_headers)} />
              </>
            )}
            {tab === 'payload' && (entry.request_body ? <Json value={entry.request_body} /> : <p className="muted">No request body.</p>)}
            {tab === 'response' && (
              <>
                {entry.error && (
                  <>
                    {/* On a 5xx it is the unexpected error; otherwise a note such as "the body was not valid JSON" (issue 29). */}
                    <h2 className={`h4${entry.status >= 500 ? ' error-text' : ''}`}>{entry.status >= 500 ? 'Server error' : 'Note'} (not sent to the client)</h2>
                    <pre className="json">{entry.error}</pre>
                  </>
                )}
                {entry.response_body ? <Json value={entry.response_body} /> : <p className="muted">No response body.</p>}
              </>
            )}
            {entry.truncated && <p className="muted">Bodies over 64 KiB are cut in the log.</p>}
          </div>
        </>
      )}
    </aside>
  );
}
