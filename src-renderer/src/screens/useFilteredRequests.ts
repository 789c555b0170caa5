// The request log's filtering, incremental: a live batch only prepends rows and loading history only
// appends them, so only the new rows are tested and a burst never re-filters 100,000 entries per batch.
// The test itself is shared with the HAR export (src-shared/log-filter.ts), so an export holds what is shown.
import { useMemo, useRef } from 'react';
import { logMatcher, type LogFilter } from '../../../src-shared/log-filter';
import type { JournalSummary } from '../store/shared';
import type { RequestFilters } from '../store/types';

// Lowercased paths, endpoints and methods: the log repeats a few dozen distinct values 100,000 times, so
// each is lowercased once instead of once per row per key press (that was most of a key press's work).
const lowered = new Map<string, string>();
function lower(s: string): string {
  let l = lowered.get(s);
  if (l === undefined) {
    if (lowered.size >= 10_000) lowered.clear(); // many distinct paths (ids in them): a bound, not a leak
    lowered.set(s, (l = s.toLowerCase()));
  }
  return l;
}

/** The store's filters as the shared filter: the older single status class counts as one chip. */
export function logFilterOf(f: RequestFilters): LogFilter {
  const chips = f.chips?.length ? f.chips : f.status ? [f.status as Exclude<RequestFilters['status'], ''>] : [];
  return { text: f.text, family: f.family, app: f.app, chips };
}

const isOpen = (f: LogFilter) => !(f.family || f.chips.length || f.text || f.app);

interface FilterCache { src: JournalSummary[]; filters: RequestFilters; inBodies: ReadonlySet<number> | null; out: JournalSummary[] }

export function useFilteredRequests(requests: JournalSummary[], filters: RequestFilters, inBodies: ReadonlySet<number> | null): JournalSummary[] {
  const cache = useRef<FilterCache | null>(null);
  return useMemo(() => {
    const f = logFilterOf(filters);
    if (isOpen(f)) return requests;
    const test = logMatcher(f, inBodies, lower);
    const c = cache.current;
    let out: JournalSummary[] | undefined;
    if (c && c.filters === filters && c.inBodies === inBodies && requests.length >= c.src.length && c.src.length > 0) {
      const added = requests.length - c.src.length;
      if (requests[added] === c.src[0] && requests[requests.length - 1] === c.src[c.src.length - 1]) out = requests.slice(0, added).filter(test).concat(c.out);
      else if (requests[0] === c.src[0]) out = c.out.concat(requests.slice(c.src.length).filter(test));
    }
    out ??= requests.filter(test);
    cache.current = { src: requests, filters, inBodies, out };
    return out;
  }, [requests, filters, inBodies]);
}
