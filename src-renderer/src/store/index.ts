// One zustand store of slices; components read it with atomic selectors.
import { create, type StateCreator } from 'zustand';
import type { ConnectionSlice, RequestsSlice, SimStateSlice, Store, UiSlice } from './types';
import type { JournalSummary, StateEvent } from './shared';
import { holdsSlice } from './holds';

/** Every kind of record a state event names (a Record, so that a new kind cannot be left out). */
const ENTITY_KINDS: Record<StateEvent['entity'], true> = {
  app: true, vet: true, user: true, pet: true, consultation: true, feedback: true, payment: true, clock: true, simulator: true, journal: true, faults: true, autopilot: true, holds: true,
};
const EVERY_ENTITY = Object.keys(ENTITY_KINDS);

const count = (rows: JournalSummary[], c: RequestsSlice['counters']) => {
  const out = { ...c };
  for (const r of rows) {
    out.total++;
    if (r.status < 400) out.ok++;
    else if (r.status < 500) out.clientErr++;
    else out.serverErr++;
  }
  return out;
};
const ZERO = { total: 0, ok: 0, clientErr: 0, serverErr: 0 };
/** The log holds at most this many rows in memory; older ones stay on the server. */
export const MAX_ROWS = 200_000;

const connection: StateCreator<Store, [], [], ConnectionSlice> = (set) => ({
  connection: 'connecting',
  setConnection: (connection) => set({ connection }),
  setHealth: (health) => set({ health }),
});

const requests: StateCreator<Store, [], [], RequestsSlice> = (set, get) => ({
  requests: [],
  loadingOlder: false,
  fullyLoaded: false,
  paused: false,
  pausedBuffer: [],
  filters: { family: '', status: '', text: '', app: '' },
  selectedRequestId: initial?.requestId ?? null,
  counters: ZERO,
  receive: (batch) => {
    const newestFirst = batch.slice().reverse();
    const counters = count(batch, get().counters);
    if (get().paused) return set({ pausedBuffer: newestFirst.concat(get().pausedBuffer), counters });
    const merged = newestFirst.concat(get().requests);
    set({ requests: merged.length > MAX_ROWS ? merged.slice(0, MAX_ROWS) : merged, counters });
  },
  setInitial: (rows, fullyLoaded) => set({ requests: rows, fullyLoaded, counters: count(rows, ZERO) }),
  appendOlder: (rows, fullyLoaded) => set({ requests: get().requests.concat(rows), fullyLoaded, counters: count(rows, get().counters) }),
  setLoadingOlder: (loadingOlder) => set({ loadingOlder }),
  setPaused: (paused) => {
    if (!paused && get().pausedBuffer.length) set({ requests: get().pausedBuffer.concat(get().requests), pausedBuffer: [] });
    set({ paused });
  },
  setFilters: (f) => set({ filters: { ...get().filters, ...f } }),
  selectRequest: (selectedRequestId) => set({ selectedRequestId }),
  clearRequests: () => set({ requests: [], pausedBuffer: [], selectedRequestId: null, counters: ZERO, fullyLoaded: true }),
});

const simState: StateCreator<Store, [], [], SimStateSlice> = (set, get) => ({
  apps: [],
  vets: [],
  faults: [],
  versions: {},
  setApps: (apps) => set({ apps }),
  setVets: (vets) => set({ vets }),
  setClock: (clock) => set({ clock }),
  setFaults: (faults) => set({ faults }),
  bump: (entities) => {
    const versions = { ...get().versions };
    // A `simulator` event (a reset, a restore, the demo data) changes every kind of record at once.
    for (const e of entities.includes('simulator') ? EVERY_ENTITY : entities) versions[e] = (versions[e] ?? 0) + 1;
    set({ versions });
  },
});

const TABS: UiSlice['tab'][] = ['requests', 'state', 'vet', 'settings'];
/** `#vet`, `#vet/CH…`, `#requests/42`: the tab and what it shows, or null for an address that names no tab. */
export function parseHash(hash: string): { tab: UiSlice['tab']; sid?: string; requestId?: number } | null {
  const [tab, arg] = hash.replace(/^#/, '').split('/', 2) as [UiSlice['tab'], string | undefined];
  if (!TABS.includes(tab)) return null;
  if (tab === 'vet' && arg && /^[A-Za-z0-9]{2,64}$/.test(arg)) return { tab, sid: arg };
  if (tab === 'requests' && arg && /^\d{1,15}$/.test(arg)) return { tab, requestId: Number(arg) };
  return { tab };
}
const initial = parseHash(location.hash);

let toastId = 0;
const ui: StateCreator<Store, [], [], UiSlice> = (set, get) => ({
  tab: initial?.tab ?? 'requests',
  toasts: [],
  selectedConsultation: initial?.sid ?? null,
  messageVersions: {},
  setTab: (tab) => {
    const sid = tab === 'vet' ? get().selectedConsultation : null;
    history.replaceState(null, '', sid ? `#vet/${sid}` : `#${tab}`);
    set({ tab });
  },
  selectConsultation: (selectedConsultation) => {
    if (get().tab === 'vet') history.replaceState(null, '', selectedConsultation ? `#vet/${selectedConsultation}` : '#vet');
    set({ selectedConsultation });
  },
  followHash: (hash) => {
    const to = parseHash(hash);
    if (!to) return;
    if (to.sid) set({ selectedConsultation: to.sid });
    if (to.requestId !== undefined) get().selectRequest(to.requestId);
    set({ tab: to.tab });
  },
  bumpMessages: (sids) => {
    const messageVersions = { ...get().messageVersions };
    for (const sid of sids) messageVersions[sid] = (messageVersions[sid] ?? 0) + 1;
    set({ messageVersions });
  },
  notify: (kind, text) => {
    const id = ++toastId;
    set({ toasts: [...get().toasts.slice(-3), { id, kind, text }] });
    setTimeout(() => get().dismiss(id), kind === 'error' ? 8000 : 4000);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
});

export const useStore = create<Store>()((...a) => ({ ...connection(...a), ...requests(...a), ...simState(...a), ...ui(...a), ...holdsSlice(...a) }));
