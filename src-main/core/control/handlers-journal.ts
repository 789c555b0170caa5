// The request journal's routes (src-shared/control-api/routes-journal.ts). The HAR export also takes the
// request log's own view (`text`, `chips`, `after`, `before`), so *Export HAR* holds exactly the rows the log shows.
import type { journalFilters } from '../../../src-shared/control-api/query';
import type { JournalEntry } from '../../../src-shared/control';
import type { journalRoutes } from '../../../src-shared/control-api/routes-journal';
import { BODY_SEARCH_MAX_IDS, BODY_SEARCH_MIN_CHARS, logMatcher, parseChips } from '../../../src-shared/log-filter';
import type { ControlPort, JournalFilter } from '../domain/control-port';
import { asSent } from '../journal/as-sent';
import { parseTimeBound } from '../journal/time';
import type { ControlHandlers } from './handler';
import { ControlError, fieldRefusal, includeOrOmit } from './helpers';
import { toHar } from './har';

/** The journal's filters as the routes read them (src-shared/control-api/query.ts): each a text, when given. */
type Filters = { [K in keyof typeof journalFilters]?: string };

function timeBound(value: string | undefined, name: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const t = parseTimeBound(value);
  if (t === undefined) throw fieldRefusal(name, `expected epoch milliseconds or an ISO 8601 time, got "${value}".`);
  return t;
}

function sourceOf(value: string | undefined): JournalFilter['source'] {
  if (value === undefined || value === 'partner' || value === 'control') return value;
  throw fieldRefusal('source', `expected partner or control, got "${value}".`);
}

const journalFilter = (q: Filters): JournalFilter => ({
  family: q.family, source: sourceOf(q.source), statusClass: q.status, q: q.q, app: q.app, endpoint: q.endpoint, method: q.method, from: timeBound(q.from, 'from'), to: timeBound(q.to, 'to'),
});

/** The most rows a view export reads: the UI's own bound on a request of the journal. */
const VIEW_ROWS = 100_000;

/**
 * The entries the request log shows for its filters (shared/log-filter.ts) between two ids (a cleared or paused
 * view holds fewer than the journal), oldest first; undefined when the request names no view.
 */
function viewEntries(port: ControlPort, q: Filters & { text: string; chips?: string; before?: number; after?: number }, limit: number): JournalEntry[] | undefined {
  const chips = parseChips(q.chips);
  if (!q.text && !chips.length && q.before === undefined && q.after === undefined) return undefined;
  const queries = port.queries;
  const needle = q.text.trim();
  const inBodies = needle.length >= BODY_SEARCH_MIN_CHARS ? new Set(queries.requests({ q: needle }, { limit: BODY_SEARCH_MAX_IDS }).items.map((r) => r.id)) : null;
  const shown = logMatcher({ text: q.text, chips, family: '', app: '' }, inBodies);
  const rows = queries.requests(journalFilter(q), { limit: VIEW_ROWS, before: q.before, after: q.after }).items.filter(shown).slice(0, limit);
  return rows.map((r) => queries.request(r.id)).filter((e): e is JournalEntry => e !== undefined).reverse();
}

export const journalHandlers: ControlHandlers<typeof journalRoutes> = {
  listRequests: (port, { query: q }) => port.queries.requests(journalFilter(q), { limit: q.limit, before: q.before, after: q.after }),
  countRequests: (port, { query }) => ({ count: port.queries.requestCount(journalFilter(query)) }),
  exportHar: (port, { query: q }, call) => {
    const credentials = includeOrOmit(q.credentials, 'credentials');
    const control = includeOrOmit(q.control, 'control');
    const entries = viewEntries(port, q, q.limit) ?? port.queries.requestEntries(journalFilter(q), q.limit);
    const har = toHar(entries, {
      baseUrl: port.baseUrl(), version: port.facts.version,
      credentials: credentials ? { unmasked: port.queries.unmasked, app: port.queries.appByName } : undefined,
      controlCalls: control ? call.controlCalls.list() : undefined,
    });
    call.res.setHeader('content-disposition', 'attachment; filename="vet-consult-simulator.har"');
    return har;
  },
  getRequest: (port, { params, query }) => {
    const credentials = includeOrOmit(query.credentials, 'credentials');
    const e = port.queries.request(params.id);
    if (!e) throw new ControlError(404, 'not_found', 'No journal entry with that id.');
    // `include`: the request as sent (Copy as cURL / fetch), from this process's memory only (as-sent.ts).
    return credentials ? asSent(e, port.queries.unmasked(e.id)) : e;
  },
  clearRequests: (port, _input, call) => {
    port.commands.clearJournal();
    call.controlCalls.clear(); // the control calls kept for a replay go with the requests they came between
    return { cleared: true as const };
  },
};
