import type { AppRecord, ClockState, FaultRule, Health, JournalSummary, VetRecord } from './shared';
import type { StatusChip } from '../../../src-shared/log-filter';
import type { HoldsSlice } from './holds';

export type { Health };

export interface ConnectionSlice {
  connection: 'connecting' | 'live' | 'offline';
  health?: Health;
  setConnection: (c: ConnectionSlice['connection']) => void;
  setHealth: (h: Health) => void;
}

export type StatusClass = '' | '2xx' | '3xx' | '4xx' | '5xx';
export interface RequestFilters {
  family: '' | 'application' | 'client'; status: StatusClass; text: string; app: string;
  /** The status chips beside the filter box (2xx, 4xx, 5xx, fault); optional so the store's initial filters need not name them. */
  chips?: StatusChip[];
}

export interface RequestsSlice {
  /** Newest first. */
  requests: JournalSummary[];
  loadingOlder: boolean;
  fullyLoaded: boolean;
  paused: boolean;
  pausedBuffer: JournalSummary[];
  filters: RequestFilters;
  selectedRequestId: number | null;
  counters: { total: number; ok: number; clientErr: number; serverErr: number };
  receive: (batch: JournalSummary[]) => void;
  setInitial: (rows: JournalSummary[], fullyLoaded: boolean) => void;
  appendOlder: (rows: JournalSummary[], fullyLoaded: boolean) => void;
  setLoadingOlder: (v: boolean) => void;
  setPaused: (p: boolean) => void;
  setFilters: (f: Partial<RequestFilters>) => void;
  selectRequest: (id: number | null) => void;
  clearRequests: () => void;
}

export interface SimStateSlice {
  apps: AppRecord[];
  vets: VetRecord[];
  clock?: ClockState;
  faults: FaultRule[];
  /** Bumped per entity on every `state` event so that views refetch what they show. */
  versions: Record<string, number>;
  setApps: (a: AppRecord[]) => void;
  setVets: (v: VetRecord[]) => void;
  setClock: (c: ClockState) => void;
  setFaults: (f: FaultRule[]) => void;
  bump: (entities: string[]) => void;
}

export interface Toast { id: number; kind: 'ok' | 'error'; text: string }
export interface UiSlice {
  tab: 'requests' | 'state' | 'vet' | 'settings';
  toasts: Toast[];
  /** The consultation the vet console shows (any sid, not only those on the queue's pages). */
  selectedConsultation: string | null;
  /** Bumped per consultation sid on every `message` event, so that its open thread fetches what is new. */
  messageVersions: Record<string, number>;
  setTab: (t: UiSlice['tab']) => void;
  selectConsultation: (sid: string | null) => void;
  /** Follows the address: `#vet/<sid>` opens a consultation, `#requests/<id>` a request (links use these). */
  followHash: (hash: string) => void;
  bumpMessages: (sids: string[]) => void;
  notify: (kind: Toast['kind'], text: string) => void;
  dismiss: (id: number) => void;
}

export type Store = ConnectionSlice & RequestsSlice & SimStateSlice & UiSlice & HoldsSlice;
