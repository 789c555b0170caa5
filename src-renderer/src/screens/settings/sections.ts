// Settings' sections, in the order a tester sets a run up, and the way to open one from anywhere (the header's
// chips, the section list). The address names the section (#settings/faults), so a reload or a link opens it;
// parseHash reads `#settings/…` as the Settings tab and ignores the rest, which Settings reads itself.
import { useStore } from '../../store';

export const SETTINGS_SECTIONS = [
  { id: 'apps', label: 'Apps & credentials' },
  { id: 'clock', label: 'Clock' },
  { id: 'autopilot', label: 'Autopilot' },
  { id: 'faults', label: 'Fault rules' },
  { id: 'holds', label: 'Holds' },
  { id: 'data', label: 'Data' },
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

const EVENT = 'sim:settings-section';
const isSection = (s: string | undefined): s is SettingsSection => SETTINGS_SECTIONS.some((x) => x.id === s);

/** The section the address names (`#settings/faults`), if any. */
export function sectionInHash(hash = location.hash): SettingsSection | undefined {
  const m = /^#settings\/([a-z]+)$/.exec(hash);
  return m && isSection(m[1]) ? m[1] : undefined;
}

/** A section asked for before Settings was drawn (from another tab): Settings shows it when it mounts. */
let pending: SettingsSection | undefined;
export function takePendingSection(): SettingsSection | undefined {
  const p = pending;
  pending = undefined;
  return p;
}

/** Shows Settings at that section: the tab first, then (once it is drawn) the section, its heading focused. */
export function openSettingsSection(id: SettingsSection): void {
  pending = id;
  useStore.getState().setTab('settings');
  history.replaceState(null, '', `#settings/${id}`);
  window.dispatchEvent(new CustomEvent(EVENT, { detail: id }));
}

/** Scrolls a drawn section into view and moves the keyboard to its heading (a screen reader reads it out). */
export function showSection(id: SettingsSection, focus = true): void {
  const el = document.getElementById(`settings-${id}`);
  if (!el) return;
  el.scrollIntoView({ block: 'start' });
  const heading = el.querySelector<HTMLElement>('h2');
  if (focus && heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

export function onSectionRequest(fn: (id: SettingsSection) => void): () => void {
  const listener = (e: Event) => ((pending = undefined), fn((e as CustomEvent<SettingsSection>).detail));
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
