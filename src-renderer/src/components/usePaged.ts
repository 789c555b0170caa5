// Fetches one page of a control-API list and refetches when the entity changes (state events).
import { useEffect, useState } from 'react';
import { api, qs } from '../api';
import { useStore } from '../store';

export interface Page<T> { items: T[]; total: number; page: number; per_page: number }

export function usePaged<T>(path: string, entity: string, params: Record<string, string | number | undefined>) {
  const version = useStore((s) => s.versions[entity] ?? 0);
  const [data, setData] = useState<Page<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = path + qs(params);
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      api.get<Page<T>>(key).then(
        (d) => live && (setData(d), setError(null)),
        (e: Error) => live && setError(e.message),
      );
    }, 120); // debounce typing and bursts of state events
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [key, version]);
  return { data, error };
}
