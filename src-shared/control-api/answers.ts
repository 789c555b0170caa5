// Response schemas of the control API (/__sim/v1). Plain JSON, not the partner envelope. Objects are
// open (more fields may come as the simulator grows); the fields listed are typed for generated clients.
import { z } from 'zod';
import { RECOMMENDATIONS } from '../control.js';
import { autopilotDocument } from '../schemas/autopilot.js';
import { emergencyStats } from '../schemas/responses/users.js';

export const controlComponents = z.registry<{ id: string; description?: string }>();
const component = <T extends z.ZodType>(id: string, schema: T, description?: string): T => {
  controlComponents.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
};

const text = z.string();
const nullableText = z.string().nullable();
const id = z.int();

const refusalDetailShape = {
  path: text.describe("Where, as a dotted path into what was sent (`name`, `3.status`, `cors_allowed_origins.1`); '' for the request as a whole"),
  message: text.describe("What is wrong there, in the simulator's words"),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const refusalDetailFields = z.object(refusalDetailShape);
export const refusalDetail = component('RefusalDetail', z.looseObject({
  ...refusalDetailShape,
  line: z.int().optional().describe('An autopilot document\'s problem: its line in the document, when known'),
}), 'One thing a refusal names: a field and what is wrong with it.');

export const controlError = component(
  'ControlError',
  z.looseObject({ error: z.looseObject({
    code: text.describe('A machine code: invalid, conflict, not_found, bad_origin…'),
    message: text.describe('One readable sentence (a validation refusal says each detail in it: "name: …; 3.count: …")'),
    details: z.array(refusalDetail).describe('Each field the refusal names, with what is wrong there; empty when it names none'),
  }) }),
  'Every control API failure: a machine code, a sentence, and its details by path (behaviour §12).',
);

export const clockState = component('ClockState', z.looseObject({
  now: text.describe('ISO 8601, simulated time'), real: text, offset_ms: z.number(), frozen: z.boolean(), is_real_time: z.boolean(),
}));

export const health = component('Health', z.looseObject({
  status: z.literal('ok'), version: text, api_base_url: text, ui_url: text, data_dir: nullableText, in_memory: z.boolean(),
  notices: z.array(text), clock: clockState, journal_count: z.int(), journal_cap: z.int(), journal_cap_bytes: z.int().nullable().optional().describe('The journal\'s cap in bytes of stored entries'),
}));

const family = z.enum(['application', 'client']).nullable();
const journalSummaryShape = {
  id, time: text, app: nullableText, family, endpoint: nullableText, method: text, path: text, status: z.int(), duration_ms: z.number(),
  injected: z.enum(['fault', 'delay', 'decided', 'held']).nullable().optional()
    .describe('Set when the answer was not simply computed by the API (behaviour §18): `fault`, a fault rule\'s status; `delay`, a fault rule\'s delay before the API\'s own answer; `decided`, a hold\'s decision made the answer up; `held`, a hold kept the request before the API answered. Absent or null: the API answered'),
  agent: nullableText.optional().describe('By agent: the MCP client that made the call, by the name it gave (its control actions are journaled too, behaviour §21); null otherwise'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const journalSummaryFields = z.object(journalSummaryShape);
export const journalSummary = component('JournalSummary', z.looseObject(journalSummaryShape));
const journalParamShape = {
  name: text, value: text.optional(), fileName: text.optional(), contentType: text.optional(), size: z.int().optional(),
  content_base64: text.optional().describe('A file part\'s bytes (base64) when at most 64 KiB, so an exported HAR replays the upload as sent'),
};
const journalParam = z.object(journalParamShape).describe('A form field of a multipart request; a file part carries its name, type and size');

// Holds (behaviour §18), before the journal entry that carries a hold's outcome.
const endpointId = text.describe('An endpoint id, A1–A14 or B1–B11');
const holdShape = {
  id: text.describe('hold_<n>'), endpoint: endpointId, method: z.enum(['GET', 'POST', 'HEAD']).nullable(), app: nullableText,
  match: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullable(), count: z.int().describe('As armed; 0: until removed'),
  remaining: z.int().nullable().describe('Requests it will still hold; null: until removed'), timeout_ms: z.int(), on_timeout: z.enum(['release', 'fail']),
  created_at: text,
  agent: text.optional().describe('By agent: the MCP client that armed it, by the name it gave (behaviour §21)'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const holdFields = z.object(holdShape);
export const hold = component('Hold', z.looseObject(holdShape), 'A breakpoint on partner calls: matching requests wait for a decision after validation.');
export const holdList = component('HoldList', z.looseObject({ items: z.array(hold) }));
const heldRequestShape = {
  id: text.describe('held_<n>'), hold_id: text, endpoint: endpointId, app: text, method: text, path: text, query: text,
  body: nullableText.describe('As the journal shows it: secrets masked'), received_at: text.describe('ISO 8601, real time'),
  deadline_at: text.describe('ISO 8601, real time: on_timeout applies then'), on_timeout: z.enum(['release', 'fail']), client_connected: z.boolean(),
  agent: text.optional().describe('By agent: the MCP client that armed the hold which caught it (behaviour §21)'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const heldRequestFields = z.object(heldRequestShape);
export const heldRequest = component('HeldRequest', z.looseObject(heldRequestShape), 'A partner request waiting for a decision.');
export const heldList = component('HeldList', z.looseObject({ items: z.array(heldRequest) }));
const holdOutcomeShape = {
  hold_id: text, held_id: text, decision: z.enum(['release', 'fail', 'respond', 'close', 'client_gone']),
  by: z.enum(['ui', 'control_api', 'agent', 'timeout', 'client']).describe('Who decided: the tester in the UI, a script, an agent (named in `agent`), the deadline, or the client that left'),
  agent: text.optional().describe('by agent: the MCP client\'s name'),
  held_ms: z.int(),
  status: z.int().describe('What the client got: 444 closed with no answer, 499 the client left first'),
  vet_id: text.optional(), client_gone_after_ms: z.int().optional(),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const holdOutcomeFields = z.object(holdOutcomeShape);
export const holdOutcome = component('HoldOutcome', z.looseObject(holdOutcomeShape), 'What was done with a held request, once its client was answered.');
export const holdOutcomes = component('HoldOutcomes', z.looseObject({ items: z.array(holdOutcome) }));

const whyShape = z.object({
  summary: text.describe('Why the call was refused, in the real service\'s terms'),
  details: z.array(z.object({ label: text, text })).describe('Each rule, value received (masked) and form expected; each lookup or state'),
});
const journalEntryShape = {
  ...journalSummaryShape,
  query: text, request_headers: z.record(text, text), request_body: nullableText,
  request_params: z.array(journalParam).nullable().describe('Multipart requests: the fields as sent (secrets masked) and the file parts'),
  request_bytes: z.int().describe('The request body as received, in bytes'), response_bytes: z.int().describe('The response body as sent, in bytes'),
  response_headers: z.record(text, text), response_body: nullableText, error: nullableText, truncated: z.boolean(),
  hold: holdOutcomeFields.nullable().optional().describe('A held request: how long, what was decided and by whom (behaviour §18)'),
  why: whyShape.nullable().optional().describe('Simulator-only: why a refused partner call was refused (never sent to the client); null when it was not refused'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const journalEntryFields = z.object(journalEntryShape);
export const journalEntry = component('JournalEntry', z.looseObject(journalEntryShape));

const faultRuleShape = {
  id: text, endpoint: text.describe('An endpoint id such as A8, or *'), method: z.enum(['GET', 'POST']).optional(),
  delay_ms: z.int().optional(), status: z.int().optional(), message: text.optional(), probability: z.number().optional().describe('0..1, default 1'),
  count: z.int().nullable().optional().describe('Remaining matches; null = unlimited'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const faultRuleFields = z.object(faultRuleShape);
export const faultRule = component('FaultRule', z.looseObject(faultRuleShape));

const appRecordShape = {
  id, name: text, display_name: text, api_username: text, api_token: text, api_key: text, rate_limit_per_minute: z.int(),
  cors_allowed_origins: z.array(text).describe('Browser origins CORS allows (* wildcards); [] allows none'), created_at: text, updated_at: text,
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const appRecordFields = z.object(appRecordShape);
export const appRecord = component('App', z.looseObject(appRecordShape));
const vetRecordShape = {
  id: text, username: text, first_name: text, last_name: text, email: text, profile_image: nullableText, online: z.boolean(), busy: z.boolean(),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const vetRecordFields = z.object(vetRecordShape);
export const vetRecord = component('VetRecord', z.looseObject(vetRecordShape));

const role = z.enum(['users', 'protect_users']);
const userFields = {
  id, app_id: id, family: z.enum(['application', 'client']), email: text, first_name: text, last_name: nullableText, phone_no: nullableText,
  role, status: text, type: text, emergency_fund: z.number(), trial_period: z.int(), your_registration_date: text,
  last_emergency_activation_date: nullableText, next_emergency_activation_date: nullableText, default_pet_id: id.nullable(),
  created_at: text, updated_at: text, deleted_at: nullableText,
};
export const userRow = component('UserRow', z.looseObject(userFields), 'A stored user (no password hash).');
export const userListItem = component('UserListItem', z.looseObject({ ...userFields, can_activate_Emergency: z.boolean(), remaining_trial_period_days: z.int() }));

const petFields = {
  id, user_id: id, app_id: id, name: text, species: nullableText, age: text, breed: nullableText, color: nullableText,
  weight: nullableText.describe('Stored number as text, without `lbs`'), sex: text, profile: nullableText, created_at: text, updated_at: text, deleted_at: nullableText,
};
export const petRow = component('PetRow', z.looseObject(petFields));

export const paymentRow = component('StoredPayment', z.looseObject({
  id, app_id: id, user_id: id.nullable(), email: text, amount: text, status: text, package_id: nullableText, package_name: nullableText,
  package_type: nullableText, card_brand: nullableText, card_last4: nullableText, failure_reason: nullableText, initiated_at: text,
}));
export const packageRow = component('Package', z.looseObject({ id: text, name: text, type: text, price: text }));

export const feedbackRow = component('StoredFeedback', z.looseObject({
  id, consultation_id: id, app_id: id, user_id: id, vet_id: text, type: text, recommendation: z.enum(RECOMMENDATIONS), reason: text,
  feedback_date: text, emergency_activated: z.int(), emergency_note: nullableText, created_at: text, updated_at: text,
}));

const threadMessageShape = {
  id, index: z.int().describe('1, 2, … within the consultation'), author: z.enum(['vet', 'owner', 'system']), author_name: text,
  body: text, created_at: text.describe('ISO 8601 with milliseconds, simulator clock'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const threadMessageFields = z.object(threadMessageShape);
export const threadMessage = component('Message', z.looseObject(threadMessageShape), 'One message of a consultation\'s thread.');
const timelineEntryShape = {
  at: text, kind: z.enum(['request', 'hold', 'vet_action', 'autopilot', 'message']), text,
  cause: text.optional().describe('Autopilot entries: why it acted, e.g. `rule 1, step 0, draw 0.27 → declined`, or why a step was skipped'),
  request_id: id.optional(), endpoint: nullableText.optional(), method: text.optional(), path: text.optional(), status: z.int().optional(),
  action: text.optional(), index: z.int().optional(), author: z.enum(['vet', 'owner', 'system']).optional(),
  agent: text.optional().describe('By agent: the MCP client that did it (a vet action or a message), by the name it gave (behaviour §21)'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const timelineEntryFields = z.object(timelineEntryShape);
export const timelineEntry = component('TimelineEntry', z.looseObject(timelineEntryShape), 'One line of a consultation\'s timeline, in time order.');
export const messagePage = component('MessagePage', z.looseObject({ items: z.array(threadMessage), total: z.int() }));

export const consultation = component('Consultation', z.looseObject({
  id, sid: text.describe('Channel (CH…) or room (RM…) sid'), type: z.enum(['chat', 'video']),
  status: z.enum(['waiting', 'active', 'ended', 'ringing', 'accepted', 'declined', 'notanswered', 'completed']),
  outcome: nullableText, app_id: id, user_id: id, pet_id: id.nullable(), vet_id: text, identity: text, family: text,
  created_at: text, accepted_at: nullableText, ended_at: nullableText, updated_at: text,
  app_name: nullableText, waiting_seconds: z.int(),
  user: z.looseObject({ id, email: text, first_name: text, last_name: nullableText, role, status: text, phone_no: nullableText, emergency_fund: z.number() }).nullable(),
  pet: z.looseObject({ id, name: text, species: nullableText, breed: nullableText, age: text, weight: nullableText, sex: text, profile: nullableText }).nullable(),
  vet: z.looseObject({ id: text, username: text, first_name: text, last_name: text }).nullable(),
  feedback: feedbackRow.nullable(),
  refusals: z.looseObject({ accept: nullableText, end: nullableText, outcome: nullableText })
    .describe("Why each vet action would be refused now: the 409's sentence, or null when it applies (the console disables the button with it)"),
  timeline: z.array(timelineEntry).optional().describe('One consultation only (GET /consultations/{sid}): every partner request, vet action, autopilot step and message'),
  owner_page_url: nullableText.optional().describe('One consultation only: the pet owner\'s page for it, when its token can be signed'),
}), 'A consultation with the cards the vet console shows.');

export const userDetail = component('UserDetail', z.looseObject({
  user: userRow, app: appRecord.nullable(), statuses: z.array(z.looseObject({ id, status: text, type: text, date_time: text })),
  emergency_stats: emergencyStats, emergency_blockers: z.array(text).describe('Why emergency activation is not possible; empty when it is'),
  pets: z.array(z.looseObject({ ...petFields, is_default: z.boolean() })), devices: z.array(z.looseObject({ id, device_token: nullableText, dev_type: nullableText })),
  consultations: z.array(z.looseObject({ id, sid: text, type: z.enum(['chat', 'video']), status: text, pet_id: id.nullable(), created_at: text }))
    .describe('The user\'s newest 50 consultations, newest first'),
}));

export const autopilotRules = component('AutopilotRules', autopilotDocument, 'The autopilot\'s rules in force (`{ rules: [] }`: none).');
const pendingStepShape = {
  sid: text, rule: z.int().describe('Index of the rule, from 0'), step: z.int().describe('Index of the step in its rule, from 0'),
  action: z.enum(['accept', 'end', 'say', 'feedback', 'outcome', 'vet_online']), due_at: text.describe('ISO 8601, simulator clock'),
};
/** The record as the core builds it (exact: no other field), of which the answer below is the open form. */
export const pendingStepFields = z.object(pendingStepShape);
export const pendingStep = component('PendingStep', z.looseObject(pendingStepShape), 'An autopilot step waiting for the simulator clock.');
export const pendingSteps = component('PendingSteps', z.looseObject({ items: z.array(pendingStep), total: z.int() }));

export const demoDataResult = component('DemoDataResult', z.looseObject({ loaded: z.boolean(), users: z.int(), consultations: z.int(), message: text }));

export const itemsOf = <T extends z.ZodType>(item: T) => z.looseObject({ items: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) => z.looseObject({ items: z.array(item), total: z.int(), page: z.int(), per_page: z.int() });

// The event stream's events (GET /events, behaviour §12): each a component of the document, for SSE clients.
const stateEventShape = {
  entity: z.enum(['app', 'vet', 'user', 'pet', 'consultation', 'feedback', 'payment', 'clock', 'simulator', 'journal', 'faults', 'autopilot', 'holds']),
  id: text, action: text,
  record: z.unknown().optional().describe('The changed record as it stands when the batch leaves: the consultation\'s card, the vet, the app, the clock or the fault rules (absent once gone)'),
};
/** The record as the core builds it (exact: no other field), of which the event below is the open form. */
export const stateEventFields = z.object(stateEventShape);
component('StateEvent', z.looseObject(stateEventShape), 'The `state` event: an entity changed.');
const messageEventShape = {
  sid: text, index: z.int(), author: z.enum(['vet', 'owner', 'system']),
  message: threadMessageFields.optional().describe('The message as stored, so a thread appends it without asking'),
};
/** The record as the core builds it (exact: no other field), of which the event below is the open form. */
export const messageEventFields = z.object(messageEventShape);
component('MessageEvent', z.looseObject(messageEventShape), 'The `message` event: a message was added to a thread.');
const heldEventShape = {
  id: text, hold_id: text, endpoint: endpointId, action: z.enum(['held', 'decided']), decision: holdOutcomeShape.decision.optional(),
};
/** The record as the core builds it (exact: no other field), of which the event below is the open form. */
export const heldEventFields = z.object(heldEventShape);
component('HeldEvent', z.looseObject(heldEventShape), 'The `held` event: a request held, decided, or left by its client.');
