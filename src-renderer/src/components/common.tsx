// Small building blocks used across screens.
import { useState, type ReactNode } from 'react';
import { useStore } from '../store';
import type { JournalSummary } from '../store/shared';
import { JsonView } from './JsonView';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API needs a secure context or permission; fall back to a hidden textarea.
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

export function CopyButton({ text, label = 'Copy', title }: { text: string; label?: string; title?: string }) {
  const [done, setDone] = useState(false);
  const notify = useStore((s) => s.notify);
  return (
    <button
      className="btn small"
      title={title ?? (label === 'Copy' ? 'Copy to the clipboard' : label)} // every label already says 'Copy …'
      onClick={async () => {
        const ok = await copyText(text);
        if (!ok) notify('error', 'Could not copy to the clipboard.');
        setDone(ok);
        setTimeout(() => setDone(false), 1200);
      }}
    >
      {done ? 'Copied ✓' : label}
    </button>
  );
}

export function StatusBadge({ status }: { status: number }) {
  const cls = status >= 500 ? 's5' : status >= 400 ? 's4' : status >= 300 ? 's3' : 's2';
  return <span className={`status ${cls}`}>{status}</span>;
}

const INJECTED: Record<NonNullable<JournalSummary['injected']>, [string, string]> = {
  fault: ['fault', 'A fault rule answered this request, not the API (Settings → Fault rules)'],
  delay: ['delayed', 'A fault rule delayed this answer (Settings → Fault rules)'],
  decided: ['decided', 'A hold decided this answer (fail, respond, close, or the client left), not the API'],
  held: ['held', 'A hold kept this request until it was released; the API then answered it'],
};

/** Marks an answer the simulator made up or held back (behaviour §18), in words as well as colour. */
export function InjectedBadge({ injected }: { injected: JournalSummary['injected'] }) {
  if (!injected) return null;
  const [label, title] = INJECTED[injected];
  return <span className={`injected ${injected}`} title={title} data-testid="injected-badge">{label}</span>;
}

/** Marks what an agent (an MCP client) did, where a tester's action would show (behaviour §21), its name in the title. */
export function AgentBadge({ agent }: { agent: string | null | undefined }) {
  if (!agent) return null;
  // The space keeps the words apart when the text is copied or read aloud (the margin only parts them on screen).
  return <>{' '}<span className="injected by-agent" title={`Done by the agent ${agent} (an MCP client)`} data-testid="by-agent">by agent</span></>;
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <h2 className="h3">{title}</h2>
      {children}
    </div>
  );
}

export function Json({ value }: { value: unknown }) {
  return <JsonView value={value} />;
}

export function KeyValues({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="kv">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v === null || v === undefined || v === '' ? <span className="muted">—</span> : v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A message as the end of a sentence: a capital letter and a full stop. */
export const sentence = (text: string) => {
  const t = text.trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : '';
};

/**
 * Runs a control-API action and reports its result (or its 409 reason) as a toast, in plain sentences:
 * `label` is what is said when it worked, or `{ ok, failed }` with what is said before the reason when not.
 */
export function useAction() {
  const notify = useStore((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const run = async <T,>(label: string | { ok: string; failed: string }, fn: () => Promise<T>): Promise<T | undefined> => {
    const { ok, failed } = typeof label === 'string' ? { ok: label, failed: 'That did not work' } : label;
    setBusy(true);
    try {
      const r = await fn();
      notify('ok', ok);
      return r;
    } catch (e) {
      notify('error', `${sentence(failed)} ${sentence((e as Error).message)}`);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function ago(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
  return `${Math.floor(seconds / 86400)}d`;
}
