// The request log's filters as one test, shared by the tester UI (which filters 100,000 rows per key press)
// and the control API's HAR export of "what the log shows" (GET /requests.har with `text` or `chips`), so
// the export holds exactly the rows on screen.
import type { JournalSummary } from './control';

/** The status chips beside the filter box: a row shows when it is in any chip that is on (none on: all rows). */
export const STATUS_CHIPS = ['2xx', '3xx', '4xx', '5xx', 'fault'] as const;
export type StatusChip = (typeof STATUS_CHIPS)[number];

export interface LogFilter {
  /** The filter box: a path's text, an endpoint (A8), a method (GET), a status (404), or (3+ characters) any text in the bodies. */
  text: string;
  family: '' | 'application' | 'client';
  app: string;
  /** Status classes and `fault` (answers a fault rule made up); the single-class form is the older `status`. */
  chips: readonly StatusChip[];
}

/** Shorter needles match too much to be worth a body search; the other tests still apply. */
export const BODY_SEARCH_MIN_CHARS = 3;
/** The newest ids a body search names (the UI asks GET /requests?q=…&limit=this). */
export const BODY_SEARCH_MAX_IDS = 5000;

/** Chips from a comma list (`2xx,fault`); unknown names are dropped. */
export const parseChips = (list: string | undefined): StatusChip[] =>
  (list ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c): c is StatusChip => (STATUS_CHIPS as readonly string[]).includes(c));

const identity = (s: string) => s.toLowerCase();

/**
 * The filters as one test, the needle prepared once. `inBodies`: the ids a body search for the text named
 * (null: none asked); `lower` lowercases a path, endpoint or method (the UI passes a memo of them).
 */
export function logMatcher(f: LogFilter, inBodies: ReadonlySet<number> | null, lower: (s: string) => string = identity): (r: JournalSummary) => boolean {
  const t = f.text.toLowerCase();
  // "404" names a status; any other text can't equal one.
  const status = /^[1-5]\d\d$/.test(t) ? Number(t) : -1;
  const classes = f.chips.filter((c) => c !== 'fault').map((c) => Number(c[0]));
  const faults = f.chips.includes('fault');
  const anyChip = f.chips.length > 0;
  return (r) => {
    if (f.family && r.family !== f.family) return false;
    if (anyChip && !classes.includes(Math.floor(r.status / 100)) && !(faults && r.injected)) return false;
    if (f.app && r.app !== f.app) return false;
    if (t && !lower(r.path).includes(t) && (r.endpoint === null || lower(r.endpoint) !== t) && lower(r.method) !== t && r.status !== status && !inBodies?.has(r.id)) return false;
    return true;
  };
}
