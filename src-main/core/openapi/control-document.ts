// openapi-control.json: the control API (/__sim/v1) the tester UI and test scripts use (behaviour §12),
// so a script can generate a typed client for it as partners do for openapi.json.
import { z } from 'zod';
import { appCreateBody, appPatchBody, clockBody, feedbackWriteBody, messagePostBody, outcomeBody, packageBody, resetBody, vetPatchBody } from '../../../src-shared/schemas/control';
import { autopilotDocument } from '../../../src-shared/schemas/autopilot';
import { failBody, holdArmBody, releaseBody, respondBody } from '../../../src-shared/schemas/holds';
import { faultRuleSchema } from '../domain/faults';
import * as S from './control-schemas';
import { requestJsonSchema, tidy, type JsonSchema } from './json-schema';

interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  id: string;
  summary: string;
  tag: 'System' | 'Journal' | 'Tenants and roster' | 'State' | 'Vet console' | 'Autopilot' | 'Holds';
  query?: Record<string, JsonSchema>;
  body?: z.ZodType;
  /** The success answer: a schema (JSON, status 200 unless given) or raw content. */
  ok: z.ZodType | { status?: number; schema?: z.ZodType; content?: Record<string, unknown>; description?: string };
  errors?: string[];
}

const str = { type: 'string' };
const int = { type: 'integer', minimum: 1 };
const paging = { page: int, per_page: { type: 'integer', minimum: 1, maximum: 500 } };
const listing = { app_id: int, q: str, ...paging };
const timeBound = { type: 'string', description: 'Epoch milliseconds or an ISO 8601 time (inclusive)' };
const journalFilters = {
  family: { type: 'string', enum: ['application', 'client'] }, status: { type: 'string', examples: ['2xx', '4xx'] },
  q: { type: 'string', description: 'Searches path, query, endpoint, method and both bodies (case-insensitive)' }, app: str, endpoint: str, method: str,
  from: timeBound, to: timeBound,
};

const ROUTES: Route[] = [
  { method: 'get', path: '/health', id: 'getHealth', summary: 'Liveness, version and addresses', tag: 'System', ok: S.health },
  { method: 'get', path: '/clock', id: 'getClock', summary: 'The simulator clock', tag: 'System', ok: S.clockState },
  {
    method: 'post', path: '/clock', id: 'setClock', tag: 'System', body: clockBody, ok: S.clockState, errors: ['409', '422'],
    summary: 'Advance (seconds, a duration such as 5m, or to the next autopilot step), set, freeze or return to real time; autopilot steps that fall due in a move run first, in order (409 no_pending_step: advance_to next_step with none pending)',
  },
  { method: 'get', path: '/faults', id: 'getFaults', summary: 'Fault rules', tag: 'System', ok: S.itemsOf(S.faultRule) },
  { method: 'put', path: '/faults', id: 'putFaults', summary: 'Replace the fault rules', tag: 'System', body: z.object({ items: z.array(faultRuleSchema).max(100) }), ok: S.itemsOf(S.faultRule), errors: ['422'] },
  {
    method: 'post', path: '/reset', id: 'reset', tag: 'System', body: resetBody, ok: z.object({ reset: z.literal(true) }), errors: ['422'],
    summary: "Back to a new data dir's state; the clock and the autopilot's rules are configuration and stay as they are (clock: real_time also puts the clock back on real time)",
  },
  { method: 'post', path: '/demo-data', id: 'loadDemoData', summary: 'Load the demo data set', tag: 'System', ok: S.demoDataResult },
  { method: 'get', path: '/snapshot', id: 'getSnapshot', summary: 'The database as a standard SQLite file', tag: 'System', ok: { content: { 'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary' } } } } },
  {
    method: 'post', path: '/snapshot', id: 'restoreSnapshot', summary: 'Restore a snapshot (the file as the request body)', tag: 'System',
    ok: z.object({ restored: z.literal(true), bytes: z.int() }), errors: ['422'],
  },
  { method: 'get', path: '/openapi.json', id: 'getPartnerOpenApi', summary: 'OpenAPI 3.1 document of the partner API', tag: 'System', ok: z.record(z.string(), z.unknown()) },
  { method: 'get', path: '/openapi-control.json', id: 'getControlOpenApi', summary: 'This document', tag: 'System', ok: z.record(z.string(), z.unknown()) },
  { method: 'get', path: '/events', id: 'events', summary: 'Server-sent events: `request` (journal summary) and `state` ({entity, id, action})', tag: 'System', ok: { content: { 'text/event-stream': { schema: str } } } },

  {
    method: 'get', path: '/requests', id: 'listRequests', summary: 'The request journal, newest first; `total` counts the filtered set', tag: 'Journal',
    query: { ...journalFilters, before: int, after: int, limit: { type: 'integer', minimum: 1, maximum: 100000 } },
    ok: z.object({ items: z.array(S.journalSummary), total: z.int() }), errors: ['422'],
  },
  { method: 'get', path: '/requests/count', id: 'countRequests', summary: 'How many journaled requests match the filters', tag: 'Journal', query: journalFilters, ok: z.object({ count: z.int() }), errors: ['422'] },
  {
    method: 'get', path: '/requests.har', id: 'exportHar', summary: 'The journal as a HAR file (same filters); credentials=include puts the real credentials back for replay', tag: 'Journal',
    query: { ...journalFilters, limit: int, credentials: { type: 'string', enum: ['omit', 'include'] }, control: { type: 'string', enum: ['omit', 'include'], description: 'include: the state-changing control calls (vet actions, clock, faults, reset) between the partner requests, so the session replays' } }, ok: z.object({ log: z.record(z.string(), z.unknown()) }), errors: ['422'],
  },
  { method: 'get', path: '/requests/{id}', id: 'getRequest', summary: 'One journal entry with headers and bodies', tag: 'Journal', ok: S.journalEntry, errors: ['404'] },
  { method: 'delete', path: '/requests', id: 'clearRequests', summary: 'Empty the journal', tag: 'Journal', ok: z.object({ cleared: z.literal(true) }) },

  { method: 'get', path: '/apps', id: 'listApps', summary: 'Partner apps (tenants)', tag: 'Tenants and roster', ok: S.itemsOf(S.appRecord) },
  { method: 'post', path: '/apps', id: 'createApp', summary: 'Create an app with random secrets', tag: 'Tenants and roster', body: appCreateBody, ok: { status: 201, schema: S.appRecord }, errors: ['409', '422'] },
  { method: 'patch', path: '/apps/{id}', id: 'updateApp', summary: 'Edit an app', tag: 'Tenants and roster', body: appPatchBody, ok: S.appRecord, errors: ['404', '422'] },
  { method: 'post', path: '/apps/{id}/token', id: 'newAppToken', summary: 'Generate a new API token', tag: 'Tenants and roster', ok: S.appRecord, errors: ['404'] },
  { method: 'get', path: '/vets', id: 'listVets', summary: 'The vet roster', tag: 'Tenants and roster', ok: S.itemsOf(S.vetRecord) },
  { method: 'patch', path: '/vets/{id}', id: 'updateVet', summary: 'Set a vet online or offline', tag: 'Tenants and roster', body: vetPatchBody, ok: S.vetRecord, errors: ['404', '422'] },
  { method: 'get', path: '/packages', id: 'listPackages', summary: 'The package catalogue', tag: 'Tenants and roster', ok: S.itemsOf(S.packageRow) },
  { method: 'put', path: '/packages/{id}', id: 'putPackage', summary: 'Create or replace a package', tag: 'Tenants and roster', body: packageBody, ok: S.packageRow, errors: ['422'] },

  { method: 'get', path: '/users', id: 'listUsers', summary: 'Users, filterable and paged', tag: 'State', query: { ...listing, family: { type: 'string', enum: ['application', 'client'] } }, ok: S.pageOf(S.userListItem) },
  { method: 'get', path: '/users/{id}', id: 'getUser', summary: 'One user with statuses, emergency stats, pets, devices, consultations', tag: 'State', ok: S.userDetail, errors: ['404'] },
  { method: 'get', path: '/pets', id: 'listPets', summary: 'Pets, filterable and paged', tag: 'State', query: listing, ok: S.pageOf(S.petRow) },
  { method: 'get', path: '/payments', id: 'listPayments', summary: 'Payments of one app (default 1), paged', tag: 'State', query: { ...listing, status: str }, ok: S.pageOf(S.paymentRow) },
  { method: 'get', path: '/feedback', id: 'listFeedback', summary: 'Feedback written by the vets, paged', tag: 'State', query: listing, ok: S.pageOf(S.feedbackRow) },

  {
    method: 'get', path: '/consultations', id: 'listConsultations', summary: 'The vet queue and history', tag: 'Vet console',
    query: { ...listing, status: { type: 'string', description: 'One status or several, comma-separated' }, type: { type: 'string', enum: ['chat', 'video'] } },
    ok: S.pageOf(S.consultation),
  },
  {
    method: 'get', path: '/consultations/counts', id: 'countConsultations', summary: 'Consultations per status (every status, zeros included) and how many are open', tag: 'Vet console',
    query: { app_id: int, type: { type: 'string', enum: ['chat', 'video'] } }, ok: z.object({ by_status: z.record(z.string(), z.int()), open: z.int() }),
  },
  { method: 'get', path: '/consultations/{sid}', id: 'getConsultation', summary: 'One consultation', tag: 'Vet console', ok: S.consultation, errors: ['404'] },
  { method: 'post', path: '/consultations/{sid}/accept', id: 'acceptConsultation', summary: 'The vet accepts the chat (→ active)', tag: 'Vet console', ok: S.consultation, errors: ['404', '409'] },
  { method: 'post', path: '/consultations/{sid}/end', id: 'endConsultation', summary: 'The vet ends the chat, or an accepted call (→ completed)', tag: 'Vet console', ok: S.consultation, errors: ['404', '409'] },
  { method: 'post', path: '/consultations/{sid}/outcome', id: 'recordOutcome', summary: 'Vet-side video outcome', tag: 'Vet console', body: outcomeBody, ok: S.consultation, errors: ['404', '409', '422'] },
  { method: 'get', path: '/consultations/{sid}/messages', id: 'listMessages', summary: 'The thread, oldest first (after=<index>, limit)', tag: 'Vet console', ok: S.messagePage, errors: ['404'] },
  { method: 'post', path: '/consultations/{sid}/messages', id: 'postMessage', summary: 'The vet or the owner writes in an open chat', tag: 'Vet console', body: messagePostBody, ok: { status: 201, schema: S.threadMessage }, errors: ['404', '409', '422'] },
  { method: 'put', path: '/consultations/{sid}/feedback', id: 'writeFeedback', summary: 'The vet writes (or replaces) the feedback', tag: 'Vet console', body: feedbackWriteBody, ok: S.consultation, errors: ['404', '409', '422'] },

  { method: 'get', path: '/autopilot', id: 'getAutopilot', summary: 'The autopilot\'s rules in force', tag: 'Autopilot', ok: S.autopilotRules },
  {
    method: 'put', path: '/autopilot', id: 'putAutopilot', tag: 'Autopilot', body: autopilotDocument, ok: S.autopilotRules, errors: ['422'],
    summary: 'Replace the rules (for consultations created from now on); 422 invalid_autopilot with `details: [{path, message}]` changes nothing',
  },
  { method: 'delete', path: '/autopilot', id: 'clearAutopilot', summary: 'No rules; every pending step is dropped', tag: 'Autopilot', ok: S.autopilotRules },
  {
    method: 'get', path: '/autopilot/pending', id: 'listPendingSteps', summary: 'Steps waiting for the simulator clock, in due order', tag: 'Autopilot',
    query: { sid: str, limit: { type: 'integer', minimum: 1, maximum: 5000 } }, ok: S.pendingSteps,
  },
  { method: 'get', path: '/autopilot.schema.json', id: 'getAutopilotSchema', summary: 'JSON Schema of a rules document', tag: 'Autopilot', ok: z.record(z.string(), z.unknown()) },

  { method: 'get', path: '/holds', id: 'listHolds', summary: 'Armed holds', tag: 'Holds', ok: S.holdList },
  { method: 'post', path: '/holds', id: 'armHold', summary: 'Arm a hold: matching requests wait for a decision after routing, app, rate limit, auth and validation', tag: 'Holds', body: holdArmBody, ok: { status: 201, schema: S.hold }, errors: ['409', '422'] },
  { method: 'delete', path: '/holds/{id}', id: 'removeHold', summary: 'Remove a hold (requests it already holds still wait)', tag: 'Holds', ok: S.hold, errors: ['404'] },
  {
    method: 'get', path: '/held', id: 'listHeld', summary: 'Requests waiting for a decision, oldest first; wait_ms (≤ 60000) waits for the first when none is held', tag: 'Holds',
    query: { hold_id: str, wait_ms: { type: 'integer', minimum: 0, maximum: 60000 } }, ok: S.heldList,
  },
  { method: 'post', path: '/held/release-all', id: 'releaseAllHeld', summary: 'Release every waiting request', tag: 'Holds', ok: S.holdOutcomes },
  { method: 'post', path: '/held/{id}/release', id: 'releaseHeld', summary: 'Process it normally (A8/B10: optionally by the vet picked, who must be online and free)', tag: 'Holds', body: releaseBody, ok: S.holdOutcome, errors: ['404', '409', '422'] },
  { method: 'post', path: '/held/{id}/fail', id: 'failHeld', summary: 'Answer with the failure envelope (429 with Retry-After, 500, 503 or another 4xx); nothing processed', tag: 'Holds', body: failBody, ok: S.holdOutcome, errors: ['404', '409', '422'] },
  { method: 'post', path: '/held/{id}/respond', id: 'respondHeld', summary: 'Answer with exactly this envelope; nothing processed', tag: 'Holds', body: respondBody, ok: S.holdOutcome, errors: ['404', '409', '422'] },
  { method: 'post', path: '/held/{id}/close', id: 'closeHeld', summary: 'Close the connection with no answer', tag: 'Holds', ok: S.holdOutcome, errors: ['404', '409'] },
];

const GUARDS = {
  '403': 'Not a loopback peer, a non-loopback Host header, or a cross-origin request.',
  '415': 'A state-changing request sent as text/plain, urlencoded or multipart (CSRF guard).',
  '400': 'The body is not valid JSON.',
  '404': 'No such resource (or no such control route).',
  '409': 'The state forbids it.',
  '413': 'Body too large.',
  '422': 'The body breaks a rule; the message names each one.',
  '500': 'Unexpected error.',
} as const;

// Every success body becomes a component (`<operationId>Response` unless it has a name), so that
// bodies built from named parts (`{items: App[]}`) reference them instead of copying them.
for (const r of ROUTES) {
  const schema = r.ok instanceof z.ZodType ? r.ok : r.ok.schema;
  if (schema && !S.controlComponents.has(schema)) S.controlComponents.add(schema, { id: `${r.id[0].toUpperCase()}${r.id.slice(1)}Response` });
}
const componentRef = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${S.controlComponents.get(schema)!.id}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ControlError' } } } });

function operation(r: Route) {
  const ok = r.ok instanceof z.ZodType ? { schema: r.ok } : r.ok;
  const content = ok.content ?? { 'application/json': { schema: componentRef(ok.schema!) } };
  const responses: Record<string, unknown> = { [String(ok.status ?? 200)]: { description: ok.description ?? r.summary, content } };
  const statuses = new Set<string>(['403', '500', ...(r.errors ?? [])]);
  if (r.method !== 'get') statuses.add('415');
  if (r.body) statuses.add('400').add('413');
  for (const s of [...statuses].sort()) responses[s] = errorResponse(GUARDS[s as keyof typeof GUARDS]);
  const pathParams = [...r.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: name === 'id' && !/^\/(vets|packages|holds|held)\//.test(r.path) ? { type: 'integer' } : str }));
  const queryParams = Object.entries(r.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
  const op: JsonSchema = { operationId: r.id, summary: r.summary, tags: [r.tag], responses };
  if (pathParams.length || queryParams.length) op.parameters = [...pathParams, ...queryParams];
  if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: requestJsonSchema(r.body) } } };
  if (r.id === 'restoreSnapshot') op.requestBody = { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  return op;
}


export function controlOpenApiDocument(version: string, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) paths[r.path] = { ...(paths[r.path] ?? {}), [r.method]: operation(r) };
  const schemas = z.toJSONSchema(S.controlComponents, { uri: (id) => `#/components/schemas/${id}`, target: 'draft-2020-12', io: 'output' }).schemas;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vet Consult Simulator control API',
      version,
      description: 'Plain JSON (not the partner envelope). Served to loopback peers only, with a loopback Host header; no CORS. Errors are `{"error": {"code", "message"}}`.',
    },
    servers: [{ url: `${serverUrl}/__sim/v1` }],
    components: { schemas: tidy(schemas) },
    paths,
  };
}
