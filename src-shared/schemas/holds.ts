// Holds (behaviour §18): breakpoints on partner calls. The shapes the control API takes and gives, one zod
// schema each, shared by the server, the programmatic API and the UI's forms.
import { z } from 'zod';
import type { Hold } from '../control.js';
import { ENDPOINT_LIST, type EndpointId } from '../endpoint-list.js';

/** The longest a hold may hold a request: ten minutes. */
export const HOLD_MAX_MS = 600_000;

export type { HeldEvent, HeldRequest, Hold, HoldDecider, HoldDecisionKind, HoldOutcome } from '../control.js';

const ENDPOINT_IDS = ENDPOINT_LIST.map((e) => e.id) as [EndpointId, ...EndpointId[]];

/** Keys no request field can be matched by: they name Object's own machinery, not a field. */
const OBJECT_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * zod's record drops a `__proto__` key of the raw body without a word (the hold then fit every request): the
 * control route checks the body as parsed from JSON first. The problem of the `match` field in words, or undefined.
 */
export function matchKeysProblem(body: unknown): string | undefined {
  const match = body && typeof body === 'object' ? (body as { match?: unknown }).match : undefined;
  if (match && typeof match === 'object' && OBJECT_KEYS.some((k) => Object.hasOwn(match, k))) return 'match keys cannot be __proto__, constructor or prototype';
  return undefined;
}

/** A field value a hold matches: the request's body or query field, compared as text (Laravel reads both as input). */
const matchValue = z.union([z.string().max(1000), z.number().finite(), z.boolean()]);

export const holdArmBody = z
  .object({
    endpoint: z.enum(ENDPOINT_IDS, { error: 'endpoint must be an endpoint id, A1–A14 or B1–B11, such as A8' }),
    method: z.enum(['GET', 'POST', 'HEAD'], { error: 'method must be GET, POST or HEAD' }).optional(),
    /** The app's name (slug); absent: every app. */
    app: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'app must be an app name (a slug such as demo)').optional(),
    match: z
      .record(
        z.string().min(1, 'match keys must be field names').max(100)
          .refine((k) => !OBJECT_KEYS.includes(k), 'match keys cannot be __proto__, constructor or prototype'),
        matchValue,
      )
      .refine((m) => Object.keys(m).length <= 20, 'match may name at most 20 fields')
      .optional(),
    /** How many requests it holds; 0: every matching request until the hold is removed. */
    count: z.number({ error: 'count must be a whole number from 0 to 1000' }).int('count must be a whole number from 0 to 1000').min(0, 'count must be a whole number from 0 to 1000').max(1000, 'count must be a whole number from 0 to 1000').default(1),
    /** Real time a held request waits for a decision before `on_timeout` applies. */
    timeout_ms: z.number({ error: 'timeout_ms must be a whole number of milliseconds from 100 to 600000' }).int('timeout_ms must be a whole number of milliseconds from 100 to 600000').min(100, 'timeout_ms must be at least 100').max(HOLD_MAX_MS, 'timeout_ms must be at most 600000 (10 minutes)').default(60_000),
    on_timeout: z.enum(['release', 'fail'], { error: 'on_timeout must be release or fail' }).default('release'),
  })
  .strict();
export type HoldArm = z.input<typeof holdArmBody>;

/**
 * A hold as stored (and shown): the arm body's fields with the arm body's own checks, every one present (no
 * defaults; null for an absent method, app or match), plus what arming adds: the id, what is left of the count,
 * when. App and match keep the looser checks a stored list always had (their size only, not the arm body's slug
 * and key rules). Listed field by field rather than `.extend`ed: `.extend` would keep the arm body's `.strict()`
 * (a stored hold's unknown keys are dropped, not refused) and put the added fields last, while a parsed hold's
 * keys keep arm()'s order (GET /holds shows them so after a restart).
 */
const arm = holdArmBody.shape;
export const storedHoldsSchema = z
  .array(
    z.object({
      id: z.string().regex(/^hold_\d{1,9}$/),
      endpoint: arm.endpoint,
      method: arm.method.unwrap().nullable(),
      app: z.string().max(40).nullable(),
      match: z.record(z.string().max(100), matchValue).nullable(),
      count: arm.count.unwrap(),
      remaining: arm.count.unwrap().nullable(),
      timeout_ms: arm.timeout_ms.unwrap(),
      on_timeout: arm.on_timeout.unwrap(),
      created_at: z.string().max(40),
      agent: z.string().max(80).optional(),
    }),
  )
  .max(100);

export const releaseBody = z.object({ vet_id: z.string().regex(/^vet_\d{1,9}$/, 'vet_id must be a vet id such as vet_2').optional() }).strict();

/** The statuses a held request may be failed with: any 4xx, 500 or 503. */
export const failBody = z
  .object({
    status: z
      .number({ error: 'status must be 429, 500, 503 or another 4xx' })
      .int('status must be 429, 500, 503 or another 4xx')
      .refine((s) => (s >= 400 && s <= 499) || s === 500 || s === 503, 'status must be 429, 500, 503 or another 4xx'),
    message: z.string().trim().min(1, 'message must not be empty').max(500, 'message must be at most 500 characters').optional(),
  })
  .strict();

/** Exactly the envelope to answer: `success` follows the status. */
export const respondBody = z
  .object({
    status: z.number({ error: 'status must be a whole number from 200 to 599' }).int('status must be a whole number from 200 to 599').min(200, 'status must be a whole number from 200 to 599').max(599, 'status must be a whole number from 200 to 599')
      // These carry no body in HTTP: an envelope cannot be sent with them.
      .refine((s) => s !== 204 && s !== 205 && s !== 304, 'status cannot be 204, 205 or 304: those answers carry no body, so no envelope'),
    message: z.array(z.string().max(1000), { error: 'message must be a list of sentences, e.g. ["Done."]' }).max(20, 'message may hold at most 20 sentences'),
    data: z.unknown().refine((d) => d !== undefined, 'data is required (use [] for none)'),
  })
  .strict();

/** The stored list is checked against the shape the control API shows (at compile time). */
export type StoredHoldsFit = z.infer<typeof storedHoldsSchema>[number] extends Hold ? true : never;
