// One journal entry: headers and bodies (pretty JSON, secrets masked), copy as cURL.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import type { AppRecord, JournalEntry } from '../store/shared';
import { CopyButton, Json, KeyValues, StatusBadge } from '../components/common';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A cURL command that replays the request; the masked secret is filled in from the app's settings when known. */
export function toCurl(e: JournalEntry, base: string, apps: AppRecord[]): string {
  const parts = [`curl -X ${e.method} ${shellQuote(`${base}${e.path}${e.query ? `?${e.query}` : ''}`)}`];
  for (const [k, v] of Object.entries(e.request_headers)) {
    if (['host', 'content-length', 'connection', 'accept-encoding', 'user-agent'].includes(k)) continue;
    if (k === 'content-type' && e.request_params) continue; // curl writes its own multipart boundary
    if (k === 'authorization') {
      const user = /^Basic (.*):\*\*\*$/.exec(v)?.[1];
      const app = apps.find((a) => a.name === e.app);
      parts.push(`-u ${shellQuote(`${user ?? ''}:${app && user ? app.api_token : '<token>'}`)}`);
      continue;
    }
    parts.push(`-H ${shellQuote(`${k}: ${v}`)}`);
  }
  if (e.request_params) {
    // The file's bytes are not journaled: -F names a local file of the same name and type.
    for (const p of e.request_params) {
      parts.push(p.fileName !== undefined ? `-F ${shellQuote(`${p.name}=@${p.fileName};type=${p.contentType}`)}` : `--form-string ${shellQuote(`${p.name}=${p.value ?? ''}`)}`);
    }
  } else if (e.request_body) parts.push(`--data-raw ${shellQuote(e.request_body.includes('\n') ? JSON.stringify(JSON.parse(e.request_body)) : e.request_body)}`);
  return parts.join(' \\\n  ');
}

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

export function RequestDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const [entry, setEntry] = useState<JournalEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<'headers' | 'payload' | 'response'>('response');
  const apps = useStore((s) => s.apps);
  const base = useStore((s) => s.health?.api_base_url ?? location.origin);
  useEffect(() => {
    setEntry(null);
    setError(null);
    api.get<JournalEntry>(`/requests/${id}`).then(setEntry, (e: Error) => setError(e.message));
  }, [id]);
  const sid = entry ? consultationOf(entry) : null;
  let curl = '';
  try {
    curl = entry ? toCurl(entry, base, apps) : '';
  } catch {
    curl = '';
  }
  return (
    <aside className="detail" aria-label="Request detail" data-testid="request-detail">
      <div className="detail-head">
        {entry ? (
          <>
            <StatusBadge status={entry.status} /> <b>{entry.method}</b> <span className="path">{entry.path}</span>
          </>
        ) : (
          <span className="muted">{error ?? 'Loading…'}</span>
        )}
        <span className="spacer" />
        {curl && <CopyButton text={curl} label="Copy as cURL" />}
        <button className="btn small" onClick={onClose} aria-label="Close detail">✕</button>
      </div>
      {entry && (
        <>
          {sid && (
            <p className="detail-link" data-testid="request-consultation">
              Consultation <a href={`#vet/${sid}`} title="Open it in the vet console"><code>{sid}</code></a>
              <span className="muted"> — opens in the vet console</span>
            </p>
          )}
          <div className="subtabs">
            {(['headers', 'payload', 'response'] as const).map((t) => (
              <button key={t} className={tab === t ? 'subtab active' : 'subtab'} onClick={() => setTab(t)}>
                {t[0].toUpperCase() + t.slice(1)}
              </button>
            ))}
          </div>
          <div className="detail-body">
            {tab === 'headers' && (
              <>
                <KeyValues rows={[['Endpoint', entry.endpoint], ['App', entry.app], ['Time', `${entry.time} UTC`], ['Duration', `${entry.duration_ms} ms`], ['Query', entry.query]]} />
                <h4>Request headers</h4>
                <KeyValues rows={Object.entries(entry.request_headers)} />
                <h4>Response headers</h4>
                <KeyValues rows={Object.entries(entry.response_headers)} />
              </>
            )}
            {tab === 'payload' && (entry.request_body ? <Json value={entry.request_body} /> : <p className="muted">No request body.</p>)}
            {tab === 'response' && (
              <>
                {entry.error && (
                  <>
                    <h4 className="error-text">Server error (not sent to the client)</h4>
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
