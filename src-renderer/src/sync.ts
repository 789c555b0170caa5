// Keeps the store in step with the simulator: initial loads, then the batched event stream.
// Runs outside React so that bursts of events never re-render more than the store changes.
import { api } from './api';
import { useStore } from './store';
import type { AppRecord, FaultRule, JournalSummary, MessageNotice, StateEvent, VetRecord } from './store/shared';
import type { ClockState } from './store/shared';
import type { Health } from './store/types';
import { onHeldEvents, onHoldsState, refreshAllHolds } from './screens/holds/holds-sync';

const FIRST_PAGE = 2000;
const OLDER_PAGE = 5000; // small enough that parsing one page stays well under a frame budget of 50 ms

export const refresh = {
  health: async () => useStore.getState().setHealth(await api.get<Health>('/health')),
  apps: async () => useStore.getState().setApps((await api.get<{ items: AppRecord[] }>('/apps')).items),
  vets: async () => useStore.getState().setVets((await api.get<{ items: VetRecord[] }>('/vets')).items),
  clock: async () => useStore.getState().setClock(await api.get<ClockState>('/clock')),
  faults: async () => useStore.getState().setFaults((await api.get<{ items: FaultRule[] }>('/faults')).items),
};

/** Loads the journal newest first: one quick page for the screen, the rest in chunks while idle. */
export async function loadJournal(): Promise<void> {
  const s = useStore.getState();
  const first = await api.get<{ items: JournalSummary[]; total: number }>(`/requests?limit=${FIRST_PAGE}`);
  s.setInitial(first.items, first.items.length < FIRST_PAGE);
  let oldest = first.items.at(-1)?.id;
  while (oldest && !useStore.getState().fullyLoaded) {
    useStore.getState().setLoadingOlder(true);
    await new Promise((r) => setTimeout(r, 50)); // yield so input and scrolling stay responsive
    const page = await api.get<{ items: JournalSummary[] }>(`/requests?limit=${OLDER_PAGE}&before=${oldest}`);
    useStore.getState().appendOlder(page.items, page.items.length < OLDER_PAGE);
    oldest = page.items.at(-1)?.id;
  }
  useStore.getState().setLoadingOlder(false);
}

function onState(events: StateEvent[]): void {
  const entities = [...new Set(events.map((e) => e.entity))];
  const s = useStore.getState();
  s.bump(entities);
  if (entities.includes('app')) void refresh.apps();
  if (entities.includes('vet') || entities.includes('consultation')) void refresh.vets();
  if (entities.includes('clock')) void refresh.clock();
  if (entities.includes('faults')) void refresh.faults();
  if (entities.includes('journal') && events.some((e) => e.action === 'cleared')) s.clearRequests();
  if (entities.includes('simulator')) void initialLoad();
  onHoldsState(events);
}

/** Partner endpoints that name a consultation: an open consultation's timeline lists them, reads included. */
const CONSULTATION_ENDPOINTS = new Set(['A8', 'A9', 'A10', 'A11', 'A14', 'B10']);

function onRequests(batch: JournalSummary[]): void {
  const s = useStore.getState();
  s.receive(batch);
  // One bump per batch (every 100 ms at most), and only for the few endpoints a timeline can show.
  if (batch.some((r) => r.endpoint !== null && CONSULTATION_ENDPOINTS.has(r.endpoint))) s.bump(['timeline']);
}

function onMessages(data: string): void {
  let notices: MessageNotice[];
  try {
    notices = JSON.parse(data) as MessageNotice[];
  } catch {
    return;
  }
  if (Array.isArray(notices)) useStore.getState().bumpMessages([...new Set(notices.map((n) => n.sid))]);
}

async function initialLoad(): Promise<void> {
  await Promise.all([refresh.health(), refresh.apps(), refresh.vets(), refresh.clock(), refresh.faults(), refreshAllHolds()]);
  await loadJournal();
}

let source: EventSource | undefined;
export function startSync(): void {
  source?.close();
  source = new EventSource('/__sim/v1/events');
  source.addEventListener('open', () => {
    useStore.getState().setConnection('live');
    initialLoad().catch(() => useStore.getState().setConnection('offline'));
  });
  source.addEventListener('error', () => useStore.getState().setConnection('offline'));
  source.addEventListener('request', (e) => onRequests(JSON.parse((e as MessageEvent).data) as JournalSummary[]));
  source.addEventListener('state', (e) => onState(JSON.parse((e as MessageEvent).data) as StateEvent[]));
  source.addEventListener('held', (e) => onHeldEvents(String((e as MessageEvent).data)));
  // `message` is also the type of an event without a name: the guard in onMessages ignores anything else.
  source.addEventListener('message', (e) => onMessages(String((e as MessageEvent).data)));
}
