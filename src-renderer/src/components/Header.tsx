// Base URL, server state, request counters, and the rules armed now (faults, holds, autopilot, a moved clock):
// one line at any width from 1024 px (header.css).
import { useEffect, useState } from 'react';
import { useStore } from '../store';
import { ArmedChips } from './ArmedChips';
import { CopyButton } from './common';
import { OfflineBanner } from './OfflineBanner';
import { useTheme, type ThemeChoice } from './theme';
import './header.css';

/**
 * What the server had to tell (a database moved aside, a log replay that stopped, a failing save): the
 * first one in the header, every one in full on a click. They name files a user must find (where a
 * damaged database was moved), so a cut-off line with a tooltip is not enough.
 */
function Notices({ notices }: { notices: string[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="notices">
      <button className="notice" aria-expanded={open} aria-controls={open ? 'notice-list' : undefined} onClick={() => setOpen(!open)} title="Show every notice in full">
        {/* The text gives way to the window's width; the count of the others never does. */}
        <span className="notice-text">⚠ {notices[0]}</span>
        {notices.length > 1 && <span className="notice-more" data-testid="notice-more">+{notices.length - 1} more</span>}
      </button>
      {open && (
        <div className="notice-list" id="notice-list" role="region" aria-label="Notices">
          <ul>
            {notices.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
          <div className="notice-actions">
            <CopyButton text={notices.join('\n')} label="Copy" title="Copy every notice" />
            <button className="btn small" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export function Header() {
  const health = useStore((s) => s.health);
  const connection = useStore((s) => s.connection);
  const counters = useStore((s) => s.counters);
  const base = health?.api_base_url ?? location.origin;
  const [theme, setTheme] = useTheme();
  return (
    <header className="header">
      <h1 className="brand">
        <span className="logo" aria-hidden>✚</span> Vet Consult Simulator
        {health && <span className="muted version">v{health.version}</span>}
      </h1>
      <div className="base-url">
        <code data-testid="base-url" title={base}>{base}</code>
        <CopyButton text={base} label="Copy" title="Copy the base URL" />
      </div>
      <div className={`conn ${connection}`} data-testid="connection">
        <span className="dot" /> {connection === 'live' ? 'Live' : connection === 'connecting' ? 'Connecting…' : 'Server unreachable'}
      </div>
      <div className="counters" title="Requests in the log">
        <span>{counters.total.toLocaleString()} req</span>
        <span className="c2">{counters.ok.toLocaleString()} ok</span>
        <span className="c4">{counters.clientErr.toLocaleString()} 4xx</span>
        <span className="c5">{counters.serverErr.toLocaleString()} 5xx</span>
      </div>
      <ArmedChips />
      {health?.notices.length ? <Notices notices={health.notices} /> : null}
      <select className="theme-switch" aria-label="Colour theme" title="Colour theme (System follows your operating system)" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
      <OfflineBanner />
    </header>
  );
}
