// Control API: the request journal. One set of filters for the list, the count and the HAR export:
// family, status (`4xx`), app, endpoint, method, q (path, query, endpoint, method and both bodies),
// from/to (inclusive; epoch ms or ISO 8601). `total` and `count` are the size of the filtered set.
// The HAR export also takes the request log's own view (`text`, `chips`, `after`, `before`), so
// *Export HAR* in the UI holds exactly the rows the log shows.
import { Router, type Request } from 'express';
import type { JournalEntry } from '../../../src-shared/control';
import { BODY_SEARCH_MAX_IDS, BODY_SEARCH_MIN_CHARS, logMatcher, parseChips } from '../../../src-shared/log-filter';
import type { JournalFilter, JournalPage } from '../domain/journal';
import type { ControlPort } from '../domain/control-port';
import { asSent } from '../journal/as-sent';
import { parseTimeBound } from '../journal/time';
import { ControlError, fieldRefusal, int, str } from './helpers';
import { toHar } from './har';
import type { ControlCallLog } from './control-calls';

function timeBound(req: Request, name: 'from' | 'to'): string | undefined {
  const v = str(req.query[name]);
  if (v === undefined) return undefined;
  const t = parseTimeBound(v);
  if (t === undefined) throw fieldRefusal(name, `expected epoch milliseconds or an ISO 8601 time, got "${v}".`);
  return t;
}

export function journalFilter(req: Request): JournalFilter {
  const q = req.query;
  return {
    family: str(q.family), statusClass: str(q.status), q: str(q.q), app: str(q.app), endpoint: str(q.endpoint), method: str(q.method),
    from: timeBound(req, 'from'), to: timeBound(req, 'to'),
  };
}

function journalPage(req: Request, defaultLimit: number): JournalPage {
  return { limit: Math.min(100_000, Math.max(1, int(req.query.limit) ?? defaultLimit)), before: int(req.query.before), after: int(req.query.after) };
}

/** The most rows a view export reads: the UI's own bound on a request of the journal (journalPage). */
const VIEW_ROWS = 100_000;

/**
 * The entries the request log shows for its filters (shared/log-filter.ts) between two ids (the oldest and
 * newest rows it holds: a cleared or paused view holds fewer than the journal), oldest first. The body
 * search is asked as the UI asks it; undefined when the request names no view.
 */
function viewEntries(req: Request, port: ControlPort, limit: number): JournalEntry[] | undefined {
  const text = typeof req.query.text === 'string' ? req.query.text : '';
  const chips = parseChips(str(req.query.chips));
  const bounds = { before: int(req.query.before), after: int(req.query.after) };
  if (!text && !chips.length && bounds.before === undefined && bounds.after === undefined) return undefined;
  const q = port.queries;
  const base = journalFilter(req);
  const needle = text.trim();
  const inBodies = needle.length >= BODY_SEARCH_MIN_CHARS ? new Set(q.requests({ q: needle }, { limit: BODY_SEARCH_MAX_IDS }).items.map((r) => r.id)) : null;
  const shown = logMatcher({ text, chips, family: '', app: '' }, inBodies);
  const rows = q.requests(base, { limit: VIEW_ROWS, ...bounds }).items.filter(shown).slice(0, limit);
  return rows.map((r) => q.request(r.id)).filter((e): e is JournalEntry => e !== undefined).reverse();
}

export function journalRoutes(port: ControlPort, controlCalls: ControlCallLog): Router {
  const { queries: q, commands: c } = port;
  const r = Router();

  // Times leave as ISO 8601 with their zone (behaviour §12), here and in the event stream (events.ts).
  r.get('/requests', (req, res) => {
    const page = q.requests(journalFilter(req), journalPage(req, 500));
    res.json(page); // its times go out as ISO 8601 at the control API's edge (iso-times.ts)
  });
  r.get('/requests/count', (req, res) => void res.json({ count: q.requestCount(journalFilter(req)) }));
  r.get('/requests.har', (req, res) => {
    const credentials = str(req.query.credentials) ?? 'omit';
    if (credentials !== 'omit' && credentials !== 'include') throw fieldRefusal('credentials', 'expected "include" or "omit".');
    const control = str(req.query.control) ?? 'omit';
    if (control !== 'omit' && control !== 'include') throw fieldRefusal('control', 'expected "include" or "omit".');
    const limit = journalPage(req, 10_000).limit;
    const entries = viewEntries(req, port, limit) ?? q.requestEntries(journalFilter(req), limit);
    const har = toHar(entries, {
      baseUrl: port.baseUrl(), version: port.facts.version,
      credentials: credentials === 'include' ? { unmasked: q.unmasked, app: q.appByName } : undefined,
      controlCalls: control === 'include' ? controlCalls.list() : undefined,
    });
    res.setHeader('content-disposition', 'attachment; filename="vet-consult-simulator.har"');
    res.json(har);
  });
  r.get('/requests/:id', (req, res) => {
    const credentials = str(req.query.credentials) ?? 'omit';
    if (credentials !== 'omit' && credentials !== 'include') throw fieldRefusal('credentials', 'expected "include" or "omit".');
    const e = q.request(Number(req.params.id));
    if (!e) throw new ControlError(404, 'not_found', 'No journal entry with that id.');
    // `include`: the request as sent (Copy as cURL / fetch), from this process's memory only (as-sent.ts).
    res.json(credentials === 'include' ? asSent(e, q.unmasked(e.id)) : e);
  });
  r.delete('/requests', (_req, res) => {
    c.clearJournal();
    res.json({ cleared: true });
  });
  return r;
}
