// Apps and credentials, the simulator clock, the vet autopilot, fault rules, holds and the data itself: one
// section each, in the order a tester sets a run up, with a section list beside them that stays in view (a
// column, not a bar over the page: it never covers a section's first row). Each panel's forms live in its own file.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AutopilotEditor } from './AutopilotEditor';
import { FaultsEditor } from './FaultsEditor';
import { AppsPanel } from './settings/AppsPanel';
import { ClockPanel } from './settings/ClockPanel';
import { DataPanel } from './settings/DataPanel';
import { HoldsPanel } from './holds/HoldsPanel';
import { onSectionRequest, openSettingsSection, sectionInHash, SETTINGS_SECTIONS, showSection, takePendingSection, type SettingsSection } from './settings/sections';
import './settings/settings-layout.css';

const PANELS: Record<SettingsSection, ReactNode> = {
  apps: <AppsPanel />, clock: <ClockPanel />, autopilot: <AutopilotEditor />, faults: <FaultsEditor />, holds: <HoldsPanel />, data: <DataPanel />,
};

/**
 * The section being read: the one last chosen while its heading is in view (the last sections cannot scroll
 * up to the top), else the one whose top is nearest above the top edge.
 */
function useSectionInView(scroller: React.RefObject<HTMLDivElement | null>): SettingsSection {
  const [current, setCurrent] = useState<SettingsSection>(sectionInHash() ?? 'apps');
  const chosen = useRef<SettingsSection | undefined>(sectionInHash());
  useEffect(() => onSectionRequest((id) => ((chosen.current = id), setCurrent(id))), []);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      const view = el.getBoundingClientRect();
      const picked = chosen.current && document.getElementById(`settings-${chosen.current}`)?.getBoundingClientRect();
      if (picked && picked.top >= view.top - 2 && picked.top < view.bottom - 40) return setCurrent(chosen.current!);
      chosen.current = undefined;
      const top = view.top + 24;
      let seen: SettingsSection = SETTINGS_SECTIONS[0].id;
      for (const s of SETTINGS_SECTIONS) {
        const box = document.getElementById(`settings-${s.id}`);
        if (box && box.getBoundingClientRect().top <= top) seen = s.id;
      }
      // At the very end the last sections may never reach the top: the bottom of the page is the last one.
      if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) seen = SETTINGS_SECTIONS[SETTINGS_SECTIONS.length - 1].id;
      setCurrent(seen);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);
  return current;
}

export function Settings() {
  const scroller = useRef<HTMLDivElement>(null);
  const current = useSectionInView(scroller);
  useEffect(() => {
    // Opened at a section (a chip, a link, a reload of #settings/faults): shown once its panels are drawn, and
    // kept in place while the panels above it load and grow, until the tester scrolls or clicks themselves.
    const el = scroller.current!;
    const asked = takePendingSection();
    let keep = asked ?? sectionInHash();
    if (keep) requestAnimationFrame(() => keep && showSection(keep, !!asked));
    const letGo = () => (keep = undefined);
    const grown = new ResizeObserver(() => keep && showSection(keep, false));
    for (const panel of el.children) grown.observe(panel);
    const settle = setTimeout(() => (letGo(), grown.disconnect()), 3000);
    for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart']) el.addEventListener(type, letGo, { passive: true });
    const off = onSectionRequest((id) => requestAnimationFrame(() => showSection(id)));
    // A link elsewhere (<a href="#settings/apps">) changes only the address.
    const onHash = () => ((keep = sectionInHash()), keep && showSection(keep));
    window.addEventListener('hashchange', onHash);
    return () => {
      off();
      window.removeEventListener('hashchange', onHash);
      clearTimeout(settle);
      grown.disconnect();
      for (const type of ['wheel', 'pointerdown', 'keydown', 'touchstart']) el.removeEventListener(type, letGo);
    };
  }, []);
  return (
    <div className="settings-layout">
      <nav className="settings-nav" aria-label="Settings sections">
        <ul>
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#settings/${s.id}`} aria-current={current === s.id ? 'location' : undefined}
                onClick={(e) => (e.preventDefault(), openSettingsSection(s.id))}>{s.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings" ref={scroller} data-testid="settings-scroller">
        {SETTINGS_SECTIONS.map((s) => (
          <div key={s.id} id={`settings-${s.id}`} className="settings-section" data-testid={`settings-${s.id}`}>{PANELS[s.id]}</div>
        ))}
      </div>
    </div>
  );
}
