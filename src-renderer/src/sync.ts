// Keeps the store in step with the simulator: initial loads, then the batched event stream.
// Runs outside React so that bursts of events never re-render more than the store changes.
import { control } from './api';
import { controlUrl } from '../../src-shared/control-api/client';
import { useStore } from './store';
import type { AppRecord, FaultRule, JournalSummary, MessageNotice, StateEvent, VetRecord } from './store/shared';
import type { ClockState } from './store/shared';
import type { Health } from './store/types';
import { onHeldEvents, onHoldsState, refreshAllHolds } from './screens/holds/holds-sync';
import { consultationFeed, messageFeed, type ConsultationCard } from './feeds';
import type { ThreadMessage } from '../../src-shared/control';

const FIRST_PAGE = 2000;
const OLDER_PAGE = 5000; // small enough that parsing one page stays well under a frame budget of 50 ms

export const refresh = {
  health: async () => useStore.getState().setHealth(await control.getHealth()),
  apps: async () => useStore.getState().setApps((await control.listApps()).items as AppRecord[]),
  vets: async () => useStore.getState().setVets((await control.listVets()).items as VetRecord[]),
  clock: async () => useStore.getState().setClock(await control.getClock()),
  faults: async () => useStore.getState().setFaults((await control.getFaults()).items as FaultRule[]),
};

/** Loads the journal newest first: one quick page for the screen, the rest in chunks while idle. */
export async function loadJournal(): Promise<void> {
  const s = useStore.getState();
  const first = (await control.listRequests({ query: { limit: FIRST_PAGE } })) as { items: JournalSummary[]; total: number };
  s.setInitial(first.items, first.items.length < FIRST_PAGE);
  let oldest = first.items.at(-1)?.id;
  while (oldest && !useStore.getState().fullyLoaded) {
    useStore.getState().setLoadingOlder(true);
    await new Promise((r) => setTimeout(r, 50)); // yield so input and scrolling stay responsive
    const page = (await control.listRequests({ query: { limit: OLDER_PAGE, before: oldest } })) as { items: JournalSummary[] };
    useStore.getState().appendOlder(page.items, page.items.length < OLDER_PAGE);
    oldest = page.items.at(-1)?.id;
  }
  useStore.getState().setLoadingOlder(false);
}

/** Replaces the records a batch of state events carries (issue 36): a list on screen updates without asking. */
function patch<T extends { id: string | number }>(list: T[], changed: T[]): T[] {
  const byId = new Map(changed.map((r) => [String(r.id), r]));
  const next = list.map((r) => byId.get(String(r.id)) ?? r);
  for (const r of changed) if (!list.some((x) => String(x.id) === String(r.id))) next.push(r);
  return next;
}

/** The records of `entity` the events carry; undefined when one of them came without (gone, or an older server): ask. */
function recordsOf<T>(events: StateEvent[], entity: StateEvent['entity']): T[] | undefined {
  const mine = events.filter((e) => e.entity === entity);
  if (!mine.length) return [];
  return mine.every((e) => e.record !== undefined) ? mine.map((e) => e.record as T) : undefined;
}

function onState(events: StateEvent[]): void {
  const entities = [...new Set(events.map((e) => e.entity))];
  const s = useStore.getState();
  s.bump(entities);
  const apps = recordsOf<AppRecord>(events, 'app');
  if (apps === undefined) void refresh.apps();
  else if (apps.length) s.setApps(patch(s.apps, apps));
  const vets = recordsOf<VetRecord>(events, 'vet');
  if (vets === undefined) void refresh.vets();
  else if (vets.length) s.setVets(patch(s.vets, vets));
  const clock = recordsOf<ClockState>(events, 'clock');
  if (clock === undefined) void refresh.clock();
  else if (clock.length) s.setClock(clock[clock.length - 1]);
  const faults = recordsOf<{ items: FaultRule[] }>(events, 'faults');
  if (faults === undefined) void refresh.faults();
  else if (faults.length) s.setFaults(faults[faults.length - 1].items);
  consultationFeed.publish(events.filter((e) => e.entity === 'consultation' && e.record !== undefined).map((e) => e.record as ConsultationCard));
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
  let notices: (MessageNotice & { message?: ThreadMessage })[];
  try {
    notices = JSON.parse(data) as (MessageNotice & { message?: ThreadMessage })[];
  } catch {
    return;
  }
  if (!Array.isArray(notices)) return;
  // A message the event carries is appended where it is shown; one it does not (an older server) is asked for.
  messageFeed.publish(notices.filter((n) => n.message).map((n) => ({ sid: n.sid, message: n.message! })));
  const unread = [...new Set(notices.filter((n) => !n.message).map((n) => n.sid))];
  if (unread.length) useStore.getState().bumpMessages(unread);
}

async function initialLoad(): Promise<void> {
  await Promise.all([refresh.health(), refresh.apps(), refresh.vets(), refresh.clock(), refresh.faults(), refreshAllHolds()]);
  await loadJournal();
}

let source: EventSource | undefined;
export function startSync(): void {
  source?.close();
  source = new EventSource(controlUrl('events'));
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
