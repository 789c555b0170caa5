// Control routes of the request journal (behaviour §14): one set of filters for the list, the count and the
// HAR export; `total` and `count` are the size of the filtered set.
import { z } from 'zod';
import * as A from './answers.js';
import { defineControlRoute as route } from './define.js';
import { limitParam, journalFilters, rowId, switchParam, textParam, wholeParam } from './query.js';

const badFilter = { status: 422, code: 'invalid', sentence: 'from: expected epoch milliseconds or an ISO 8601 time, got "<value>".' } as const;
const credentials = switchParam('include: the real credentials (from this process\'s memory) for a replay');

export const journalRoutes = {
  listRequests: route({
    id: 'listRequests', method: 'GET', path: '/requests', tag: 'Journal', readOnly: true, refusals: [badFilter],
    query: z.object({ ...journalFilters, before: wholeParam(), after: wholeParam(), limit: limitParam(500, 1, 100_000) }),
    answer: z.looseObject({ items: z.array(A.journalSummary), total: z.int() }),
    summary: 'The request journal, newest first (before/after an id to page); `total` counts the filtered set',
  }),
  countRequests: route({
    id: 'countRequests', method: 'GET', path: '/requests/count', tag: 'Journal', readOnly: true, refusals: [badFilter],
    query: z.object(journalFilters), answer: z.object({ count: z.int() }),
    summary: 'How many journaled requests match the filters',
  }),
  exportHar: route({
    id: 'exportHar', method: 'GET', path: '/requests.har', tag: 'Journal', readOnly: true, refusals: [badFilter, { status: 422, code: 'invalid', sentence: 'credentials: expected "include" or "omit".' }],
    query: z.object({
      ...journalFilters, limit: limitParam(10_000, 1, 100_000), credentials,
      control: switchParam('include: the state-changing control calls (vet actions, clock, faults, reset) between the partner requests, so the session replays'),
      text: z.unknown().transform((v) => (typeof v === 'string' ? v : '')).default('').meta({ param: { type: 'string', description: "The request log's search text (its view)" } }),
      chips: textParam({ type: 'string', description: "The request log's filter chips (its view)" }),
      before: wholeParam(), after: wholeParam(),
    }),
    answer: z.object({ log: z.record(z.string(), z.unknown()) }),
    summary: 'The journal as a HAR 1.2 file (same filters, or the request log\'s own view); secrets masked unless credentials=include',
  }),
  getRequest: route({
    id: 'getRequest', method: 'GET', path: '/requests/{id}', tag: 'Journal', readOnly: true,
    params: z.object({ id: rowId }), query: z.object({ credentials }), answer: A.journalEntry,
    refusals: [{ status: 404, code: 'not_found', sentence: 'No journal entry with that id.' }, { status: 422, code: 'invalid', sentence: 'credentials: expected "include" or "omit".' }],
    summary: 'One journal entry with its headers and bodies (secrets masked unless credentials=include), and why a refused call was refused',
  }),
  clearRequests: route({ id: 'clearRequests', method: 'DELETE', path: '/requests', tag: 'Journal', destructive: true, answer: z.object({ cleared: z.literal(true) }),
    summary: 'Empty the request journal (and the log of control calls kept for HAR replays)' }),
};
