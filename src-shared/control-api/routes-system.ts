// Control routes of the simulator itself: health, the clock, fault rules, reset, demo data, snapshots, the
// OpenAPI documents and the event stream (behaviour §12).
import { z } from 'zod';
import { clockBody, resetBody } from '../schemas/control.js';
import { faultRulesSchema } from '../schemas/faults.js';
import * as A from './answers.js';
import { defineControlRoute as route } from './define.js';

const anyDocument = z.record(z.string(), z.unknown());
const invalid = { status: 422, code: 'invalid', sentence: '<field>: <what is wrong there>; … (one per field, also in details)' } as const;

export const systemRoutes = {
  getHealth: route({ id: 'getHealth', method: 'GET', path: '/health', tag: 'System', readOnly: true, answer: A.health,
    summary: 'Liveness, the version, the base URL of the partner API (both families), the UI, the data folder, the clock and the journal\'s size' }),
  getClock: route({ id: 'getClock', method: 'GET', path: '/clock', tag: 'System', readOnly: true, answer: A.clockState,
    summary: 'The simulator clock: simulated now, real now, offset, frozen' }),
  setClock: route({
    id: 'setClock', method: 'POST', path: '/clock', tag: 'System', body: clockBody, answer: A.clockState,
    summary: 'Advance (seconds, a duration such as 5m, or to the next autopilot step), set, freeze or return to real time; autopilot steps that fall due in a move run first, in order',
    refusals: [
      invalid,
      { status: 409, code: 'no_pending_step', sentence: 'No autopilot step is pending.' },
      { status: 409, code: 'clock_move_interrupted', sentence: 'The clock move was interrupted: the data was reset or restored while its steps ran.' },
      { status: 422, code: 'invalid', sentence: 'The clock must stay between 1970-01-01 and 9999-12-31.' },
    ],
  }),
  getFaults: route({ id: 'getFaults', method: 'GET', path: '/faults', tag: 'System', readOnly: true, answer: A.itemsOf(A.faultRule),
    summary: 'The fault rules armed on partner calls (delays, failures), with how many matches each has left' }),
  putFaults: route({
    id: 'putFaults', method: 'PUT', path: '/faults', tag: 'System', answer: A.itemsOf(A.faultRule), refusals: [invalid],
    // `{items: [...]}` or the list itself (an empty list disarms them all); a refusal's paths are the list's (`0.status`).
    body: z.unknown().transform((b) => (b as { items?: unknown } | null)?.items ?? b).pipe(faultRulesSchema),
    documentedBody: z.object({ items: faultRulesSchema }),
    summary: 'Replace the fault rules on partner calls ({items: []} disarms every rule)',
  }),
  reset: route({
    id: 'reset', method: 'POST', path: '/reset', tag: 'System', body: resetBody, answer: z.object({ reset: z.literal(true) }), refusals: [invalid], destructive: true,
    summary: "Back to a new data folder's state (default app and vets, empty journal); the clock and the autopilot's rules are configuration and stay as they are (clock: real_time also puts the clock back on real time)",
  }),
  loadDemoData: route({ id: 'loadDemoData', method: 'POST', path: '/demo-data', tag: 'System', answer: A.demoDataResult, destructive: true,
    summary: 'Replace the whole world with the demo scenario (resources/scenarios/demo.yaml): every vet free, waiting chats, a ringing call, a request history' }),
  getSnapshot: route({
    id: 'getSnapshot', method: 'GET', path: '/snapshot', tag: 'System', kind: 'download', readOnly: true, answer: z.instanceof(Uint8Array),
    content: { 'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary' } } },
    summary: 'The whole database as a standard SQLite file (a snapshot to restore later)',
  }),
  restoreSnapshot: route({
    id: 'restoreSnapshot', method: 'POST', path: '/snapshot', tag: 'System', kind: 'upload', destructive: true,
    answer: z.object({ restored: z.literal(true), bytes: z.int() }),
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    summary: 'Restore a snapshot (the SQLite file as the request body; gzip, deflate or br encodings are undone); a refused file changes nothing',
    refusals: [
      { status: 413, code: 'too_large', sentence: 'Payload Too Large' },
      { status: 415, code: 'unsupported_encoding', sentence: 'Unsupported content-encoding "<encoding>": send the snapshot as it is, or gzip, deflate or br.' },
      { status: 422, code: 'invalid_snapshot', sentence: 'Why the file is not a snapshot this simulator can restore.' },
      { status: 507, code: 'insufficient_storage', sentence: 'The snapshot could not be stored for checking: <the disk error>' },
    ],
  }),
  getPartnerOpenApi: route({ id: 'getPartnerOpenApi', method: 'GET', path: '/openapi.json', tag: 'System', readOnly: true, asIs: true, answer: anyDocument,
    summary: 'The OpenAPI 3.1 document of the partner API (both families)' }),
  getControlOpenApi: route({ id: 'getControlOpenApi', method: 'GET', path: '/openapi-control.json', tag: 'System', readOnly: true, asIs: true, answer: anyDocument,
    summary: 'The OpenAPI 3.1 document of this control API' }),
  events: route({
    id: 'events', method: 'GET', path: '/events', tag: 'System', kind: 'stream', readOnly: true, answer: z.string(),
    content: { 'text/event-stream': { schema: { type: 'string' } } },
    summary: 'Server-sent events, batched every 100 ms: `request` (JournalSummary), `state` (StateEvent: {entity, id, action} and the changed record), `message` (MessageEvent), `held` (HeldEvent)',
    refusals: [{ status: 503, code: 'too_many_streams', sentence: 'At most 64 event streams may be open at once; close one (a tab of the UI, a test\'s listener) and retry.' }],
  }),
};
