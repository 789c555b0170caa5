// Small building blocks used across screens.
import { useState, type ReactNode } from 'react';
import { useStore } from '../store';

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

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <h3>{title}</h3>
      {children}
    </div>
  );
}

export function Json({ value }: { value: unknown }) {
  return <pre className="json">{typeof value === 'string' ? prettyJson(value) : JSON.stringify(value, null, 2)}</pre>;
}

export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
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

/** Runs a control-API action and reports its result (or its 409 reason) as a toast. */
export function useAction() {
  const notify = useStore((s) => s.notify);
  const [busy, setBusy] = useState(false);
  const run = async <T,>(label: string, fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      const r = await fn();
      notify('ok', label);
      return r;
    } catch (e) {
      notify('error', `${label.replace(/\.$/, '')} failed: ${(e as Error).message}`);
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
