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

/** The section whose top is nearest above the list's top edge: the one being read. */
function useSectionInView(scroller: React.RefObject<HTMLDivElement | null>): SettingsSection {
  const [current, setCurrent] = useState<SettingsSection>(sectionInHash() ?? 'apps');
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      const top = el.getBoundingClientRect().top + 24;
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
    // Opened at a section (a chip, a link, a reload of #settings/faults): shown once its panels are drawn.
    const asked = takePendingSection();
    const named = asked ?? sectionInHash();
    if (named) requestAnimationFrame(() => showSection(named, !!asked));
    return onSectionRequest((id) => requestAnimationFrame(() => showSection(id)));
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
