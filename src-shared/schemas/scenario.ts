// A scenario (behaviour §20): a whole world in one reviewable file, by names rather than row ids — apps by slug,
// vets by id (`vet_1`), users by e-mail, pets by name, consultations by sid. One schema checks a file whatever its
// way in (`serve --scenario`, PUT /__sim/v1/scenario, createSimulator({ scenario })); its JSON Schema is served at
// /__sim/v1/scenario.schema.json. Times are absolute (`2026-11-28 09:00:00`, ISO 8601) or relative to the moment of
// loading (`-15m`, `-2d`, `+1h`, `now`), so a demo loaded next month still reads "15 minutes ago".
import { z } from 'zod';
import { autopilotDocument } from './autopilot.js';
import { DURATION } from './duration.js';
import { faultRuleSchema } from './faults.js';
import { storedHoldsSchema } from './holds.js';

/** `now`, `-15m`, `+2d`: relative to the load; `<n>ms|s|m|h|d` as the autopilot writes durations. */
export const RELATIVE_TIME = new RegExp(`^(now|[+-]${DURATION.source.slice(1, -1)})$`);
/** `2026-11-28 09:00:00` (as the partner API stores times) or ISO 8601 with its zone. */
const ABSOLUTE_TIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const when = z
  .string()
  .refine((s) => RELATIVE_TIME.test(s) || (ABSOLUTE_TIME.test(s) && !Number.isNaN(Date.parse(s.includes('T') || s.length <= 10 ? s : `${s.replace(' ', 'T')}Z`))), {
    error: (iss) => `${JSON.stringify(iss.input)} is not a time (write 2026-11-28 09:00:00, an ISO 8601 time, now, or relative to the load: -15m, -2d, +1h)`,
  })
  .describe('A time: `2026-11-28 09:00:00`, ISO 8601, `now`, or relative to the load (`-15m`, `-2d`, `+1h`)');

const text = (max = 255) => z.string().max(max);
const slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'an app slug is 1–40 lower-case letters, digits, _ or -');
const vetId = z.string().regex(/^vet_\d{1,9}$/, 'a vet id reads vet_<n>, e.g. vet_1');
const email = z.string().min(3).max(255).regex(/^[^\s@]+@[^\s@]+$/, 'not an e-mail address');

export const scenarioApp = z.strictObject({
  slug: slug.describe('The app name partners put in the URL'),
  display_name: text().optional(),
  username: text().optional().describe('Basic auth user name (default: the slug)'),
  token: text().optional().describe('Basic auth password; a secret (saved only with secrets: include; default: drawn from the seed)'),
  api_key: text().optional().describe('The client family\'s api_key; a secret (as token)'),
  rate_limit_per_minute: z.int().min(1).max(1_000_000).optional(),
  cors_allowed_origins: z.array(text(500)).max(50).optional(),
  created_at: when.optional(),
  updated_at: when.optional(),
});

export const scenarioVet = z.strictObject({
  id: vetId,
  username: text(),
  first_name: text(),
  last_name: text(),
  email,
  photo: text(2000).nullable().optional().describe('profile_image URL'),
  online: z.boolean().optional().describe('Default true'),
});

export const scenarioPackage = z.strictObject({ id: text(40), name: text(), type: text(40), price: text(40) });

export const scenarioPet = z.strictObject({
  owner: text(300).describe('The owner by e-mail (or ref)'),
  app: slug.optional().describe('Default: the first app'),
  ref: text(120).optional().describe('Set only when the owner has two pets of one name: what consultations name it by'),
  name: text(),
  age: text(40).optional(),
  sex: text(40).optional(),
  species: text().nullable().optional(),
  breed: text().nullable().optional(),
  color: text().nullable().optional(),
  weight: text(40).nullable().optional(),
  sex_type: text(40).nullable().optional(),
  dob: text(40).nullable().optional(),
  profile: text(2000).nullable().optional(),
  is_dead: text(5).optional(),
  created_at: when.optional(),
  updated_at: when.optional(),
  deleted_at: when.nullable().optional(),
});

export const scenarioStatus = z.strictObject({ status: text(40), type: text(40), at: when, created_at: when.optional(), updated_at: when.optional() });
export const scenarioDevice = z.strictObject({
  device_token: text(500).nullable().optional(), udid: text(500).nullable().optional(), dev_type: text(40).nullable().optional(),
  app_version: text(40).nullable().optional(), created_at: when.optional(), updated_at: when.optional(), deleted_at: when.nullable().optional(),
});

/** Fields a user row keeps as text, in the order a saved scenario writes them. */
export const USER_TEXT_FIELDS = [
  'phone_no', 'dev_type', 'rtc_user_sid', 'gender', 'profile', 'other', 'zip_code', 'country', 'city', 'dob', 'device_token',
  'pet_tracking_code', 'extra', 'package_id', 'code',
] as const;

export const scenarioUser = z.strictObject({
  ref: text(300).optional().describe('Set only when two users of an app share an e-mail (a deleted one): what others name it by'),
  app: slug.optional().describe('Default: the first app'),
  email,
  family: z.enum(['application', 'client']).optional().describe('Default application'),
  first_name: text(),
  last_name: text().nullable().optional(),
  role: z.enum(['users', 'protect_users']).optional().describe('Default users'),
  status: text(40).optional().describe('Default subscribed'),
  type: text(40).optional().describe('Default monthly'),
  emergency_fund: z.int().min(0).max(1_000_000_000).optional(),
  trial_period: z.int().min(0).max(100_000).optional(),
  registered_at: when.optional().describe('your_registration_date; default now'),
  last_emergency_activation_date: when.nullable().optional(),
  next_emergency_activation_date: when.nullable().optional(),
  password_hash: text(500).nullable().optional().describe('A secret: saved only with secrets: include'),
  ...Object.fromEntries(USER_TEXT_FIELDS.map((k) => [k, text(2000).nullable().optional()])) as Record<(typeof USER_TEXT_FIELDS)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  created_at: when.optional(),
  updated_at: when.optional(),
  deleted_at: when.nullable().optional(),
  status_history: z.array(scenarioStatus).max(1000).optional(),
  devices: z.array(scenarioDevice).max(100).optional(),
  default_pet: text(120).nullable().optional().describe('The default pet by name (or ref); default: the first live pet'),
});

export const scenarioMessage = z.strictObject({
  author: z.enum(['vet', 'owner', 'system']),
  name: text().optional().describe('author_name; default: the vet\'s or owner\'s name'),
  text: z.string().min(1).max(1600),
  at: when,
});
export const scenarioActivity = z.strictObject({ at: when, actor: text(80), action: text(80), cause: text(2000).nullable().optional() });
export const scenarioFeedback = z.strictObject({
  recommendation: text(40),
  reason: text(5000),
  vet: vetId.optional().describe('Default: the consultation\'s vet'),
  at: when.optional().describe('feedback_date'),
  emergency_activated: z.boolean().optional(),
  emergency_note: text(2000).nullable().optional(),
  created_at: when.optional(),
  updated_at: when.optional(),
});

export const CHAT_STATES = ['waiting', 'active', 'ended'] as const;
export const VIDEO_STATES = ['ringing', 'accepted', 'declined', 'notanswered', 'completed'] as const;

export const scenarioConsultation = z.strictObject({
  sid: z.string().regex(/^(CH|RM)[0-9a-f]{32}$/, 'a sid is CH (chat) or RM (video) and 32 hex digits').optional().describe('Default: derived from its number'),
  user: text(300).describe('The owner by e-mail (or ref)'),
  app: slug.optional().describe('Default: the owner\'s app'),
  pet: text(120).nullable().optional().describe('The pet by name (or ref); default: the owner\'s default pet'),
  type: z.enum(['chat', 'video']),
  status: z.enum([...CHAT_STATES, ...VIDEO_STATES]),
  vet: vetId,
  family: z.enum(['application', 'client']).optional().describe('Default: the owner\'s'),
  requested_vet_email: text().nullable().optional(),
  dev_type: text(40).nullable().optional(),
  device_token: text(500).nullable().optional(),
  location_email: text().nullable().optional(),
  created_at: when.optional(),
  accepted_at: when.nullable().optional(),
  ended_at: when.nullable().optional(),
  updated_at: when.optional(),
  thread: z.array(scenarioMessage).max(10_000).optional(),
  activity: z.array(scenarioActivity).max(10_000).optional().describe('What the vet, the autopilot or holds did (the timeline)'),
  feedback: scenarioFeedback.optional(),
});

export const scenarioPayment = z.strictObject({
  app: slug.optional(),
  email,
  user: text(300).nullable().optional().describe('The paying user by e-mail (or ref); null for a declined registration'),
  first_name: text().nullable().optional(),
  last_name: text().nullable().optional(),
  amount: text(40),
  status: text(40),
  package: text(40).nullable().optional(),
  package_name: text().nullable().optional(),
  package_type: text(40).nullable().optional(),
  role: text(40).nullable().optional(),
  card_brand: text(40).nullable().optional(),
  card_last4: text(4).nullable().optional(),
  failure_reason: text(500).nullable().optional(),
  at: when,
});

/** A partner request replayed after the load, through the simulator's own partner API (journaled as any other). */
export const scenarioCall = z.strictObject({
  method: z.enum(['GET', 'POST']).optional().describe('Default POST'),
  path: z.string().regex(/^\/(api|client)\//, 'a partner path starts with /api/ or /client/').max(2000),
  as: slug.optional().describe('The app whose Basic credentials sign it (default: the app in the path)'),
  body: z.record(z.string(), z.unknown()).optional().describe('JSON body; `{{name}}` in a string is a sid an earlier call opened'),
  name: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/).optional().describe('Remembers the sid this call opened (data.channel) as {{name}}'),
  expect: z.int().min(100).max(599).optional().describe('The status it must answer (default: any 2xx)'),
});

/** What a vet or an owner does after the calls (accept, write, end, feedback, outcome), through the control port. */
export const scenarioAction = z.strictObject({
  consultation: z.string().max(60).describe('{{name}} of a call, or a sid'),
  do: z.enum(['accept', 'end', 'outcome', 'feedback', 'vet_says', 'owner_says']),
  text: z.string().min(1).max(1600).optional(),
  outcome: z.enum(['accepted', 'declined', 'notanswered']).optional(),
  recommendation: text(40).optional(),
  reason: text(5000).optional(),
});

export const scenarioClock = z.strictObject({
  frozen_at: when.optional().describe('The clock stands at this time'),
  offset: z.string().regex(new RegExp(`^[+-]${DURATION.source.slice(1, -1)}$`), 'an offset reads like +2d or -1h').optional()
    .describe('Runs at real time plus this offset'),
});

export const SCENARIO_VERSION = 1;

export const scenarioSchema = z
  .strictObject({
    $schema: z.string().optional(),
    scenario: z.literal(SCENARIO_VERSION, { error: `scenario: ${SCENARIO_VERSION} names the file format (the first line of a scenario)` }),
    title: text(200).optional(),
    description: text(5000).optional(),
    seed: z.int().min(0).max(2 ** 32 - 1).optional().describe('Seeds every draw: ids, secrets, tokens, the vet a consultation gets'),
    clock: scenarioClock.optional().describe('Absent: real time'),
    apps: z.array(scenarioApp).max(1000).optional().describe('Default: the demo app'),
    vets: z.array(scenarioVet).max(1000).optional().describe('vet_1 … vet_3 are always there; listed ones replace them'),
    packages: z.array(scenarioPackage).max(1000).optional().describe('Default: the shipped catalogue'),
    users: z.array(scenarioUser).max(1_000_000).optional(),
    pets: z.array(scenarioPet).max(1_000_000).optional().describe('In the order they were added (a user\'s first pet is its default unless default_pet says)'),
    consultations: z.array(scenarioConsultation).max(1_000_000).optional(),
    payments: z.array(scenarioPayment).max(1_000_000).optional(),
    autopilot: autopilotDocument.optional(),
    faults: z.array(faultRuleSchema.extend({ count: z.int().min(0).nullable().optional() })).max(100).optional().describe('Fault rules; a count that ran down is 0'),
    holds: storedHoldsSchema.optional(),
    calls: z.array(z.union([scenarioCall, scenarioAction])).max(1000).optional()
      .describe('The history made after the load, in order: partner requests (path) through the partner API, vet and owner actions (do)'),
    journal: z.array(z.record(z.string(), z.unknown())).max(100_000).optional().describe('A bundle\'s request journal (written by GET /bundle)'),
    clock_now: z.string().optional().describe('A bundle\'s clock reading when it was written'),
  })
  .meta({ title: 'Vet Consult Simulator scenario', description: 'A whole world by names (behaviour §20).' });

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioUser = z.infer<typeof scenarioUser>;
export type ScenarioPet = z.infer<typeof scenarioPet>;
export type ScenarioConsultation = z.infer<typeof scenarioConsultation>;

/** The JSON Schema of a scenario (draft 2020-12), for editors and the control API. */
export const scenarioJsonSchema = () => z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' });
