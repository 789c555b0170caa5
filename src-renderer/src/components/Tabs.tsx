// Tabs as the ARIA tabs pattern (WAI-ARIA APG): the list is one tab stop (the selected tab), the arrow keys
// move between tabs and select them (automatic activation: every panel here is cheap to show), Home and End
// jump to the ends; the selected tab names its panel and the panel names its tab.
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabDef<T extends string> { id: T; label: ReactNode }

const tabId = (base: string, id: string) => `${base}-tab-${id}`;
const panelId = (base: string) => `${base}-panel`;

export function TabList<T extends string>({ tabs, selected, onSelect, label, idBase, className, tabClassName }: {
  tabs: readonly TabDef<T>[]; selected: T; onSelect: (id: T) => void; label: string; idBase: string; className: string; tabClassName: string;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = tabs.length;
    const i = Math.max(0, tabs.findIndex((t) => t.id === selected));
    const next = { ArrowRight: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, Home: 0, End: n - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(tabs[next].id);
    // Every tab is rendered, so the one to focus exists already.
    document.getElementById(tabId(idBase, tabs[next].id))?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const on = t.id === selected;
        return (
          <button
            key={t.id} type="button" role="tab" id={tabId(idBase, t.id)} aria-selected={on}
            // Only the shown panel exists: pointing the others at it would name a panel they do not control.
            aria-controls={on ? panelId(idBase) : undefined}
            tabIndex={on ? 0 : -1} className={on ? `${tabClassName} active` : tabClassName} onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** The props of the panel of a TabList with the same `idBase`. */
export const tabPanel = (idBase: string, selected: string) => ({ role: 'tabpanel', id: panelId(idBase), 'aria-labelledby': tabId(idBase, selected) });
