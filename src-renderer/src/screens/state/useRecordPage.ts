// One page of a state list (users, pets, …), read again on its records' state events. An answer is shown only
// for the list and search it was asked for: while the Feedback tab's first page is on its way, the previous
// tab's rows are not shown under Feedback's name (a click on one opened a consultation as if it were feedback).
import { useEffect, useState } from 'react';
import { control, qs } from '../../api';
import { useStore } from '../../store';

export interface Page<T> { items: T[]; total: number; page?: number; per_page?: number }

/** The state browser's lists: routes of the control table that answer a page (apps: all of them). */
export type ListRoute = 'listUsers' | 'listPets' | 'listConsultations' | 'listPayments' | 'listFeedback' | 'listApps';

export function useRecordPage<T>(route: ListRoute, entity: string, params: Record<string, string | number | undefined>) {
  const version = useStore((s) => s.versions[entity] ?? 0);
  const key = route + qs(params);
  const [answer, setAnswer] = useState<{ key: string; data?: Page<T>; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      const list = control[route] as (input: { query: Record<string, string | number | undefined> }) => Promise<unknown>;
      list({ query: params }).then(
        (data) => live && setAnswer({ key, data: data as Page<T> }),
        (e: Error) => live && setAnswer((a) => ({ key, data: a?.key === key ? a.data : undefined, error: e.message })),
      );
    }, 120); // debounce typing and bursts of state events
    return () => {
      live = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);
  // A search typed in the same list keeps its rows until the answer: only another list's rows are hidden.
  const same = answer && (answer.key === key || answer.key.split('?')[0] === route);
  return { data: same ? (answer.data ?? null) : null, error: answer?.key === key ? (answer.error ?? null) : null, loading: !answer || answer.key !== key };
}
