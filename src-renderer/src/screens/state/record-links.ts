// How a record card links to another: records open in the state browser's detail (user ↔ pets ↔ consultations),
// requests open in the request log, filtered by a text their bodies hold (an e-mail, a channel sid).
import { useStore } from '../../store';

export type EntityId = 'users' | 'pets' | 'consultations' | 'payments' | 'feedback' | 'apps';
export type Row = Record<string, unknown> & { id: number | string };
/** Opens a record in the state browser's detail (StateBrowser passes it down). */
export type OpenRecord = (entity: EntityId, row: Row) => void;

/** The request log, showing only the requests whose path or bodies hold `text`. */
export function showRequestsFor(text: string): void {
  const s = useStore.getState();
  s.setFilters({ text, chips: [], status: '', family: '', app: '' });
  s.selectRequest(null);
  s.setTab('requests');
}

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const when = (v: unknown): string => (typeof v === 'string' ? v.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC') : '');
