// Request schemas of the control API; the UI's forms use the same ones.
import { z } from 'zod';
import { RECOMMENDATIONS } from '../control.js';
import { isRecommendation } from '../recommendations.js';
import { CORS_ORIGIN_PATTERN } from '../cors-origins.js';
import { duration } from './duration.js';

export const appCreateBody = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'name must be a slug: 2–40 lower-case letters, digits or dashes'),
  display_name: z.string().min(1).max(100).optional(),
  rate_limit_per_minute: z.number().int().min(0).max(1_000_000).optional(),
});
export const corsOrigins = z
  .array(z.string().trim().regex(CORS_ORIGIN_PATTERN, 'each CORS origin must be *, or scheme://host[:port] (with * as a wildcard), without a path'))
  .max(50); // [] answers no browser origin at all, as an empty allowed_origins does
export const appPatchBody = z.object({
  display_name: z.string().min(1).max(100).optional(),
  api_username: z.string().min(1).max(100).regex(/^[^:]+$/, 'api_username cannot contain a colon').optional(),
  rate_limit_per_minute: z.number().int().min(0).max(1_000_000).optional(),
  cors_allowed_origins: corsOrigins.optional(),
});
export const vetPatchBody = z.object({ online: z.boolean() });
export const outcomeBody = z.object({ status: z.enum(['accepted', 'declined', 'notanswered']) });
export const feedbackWriteBody = z.object({
  recommendation: z.string().refine(isRecommendation, {
    message: `recommendation must be one of ${RECOMMENDATIONS.join(', ')}`,
  }),
  reason: z.string().trim().min(1, 'reason is required').max(5000),
  vet_id: z.string().optional(),
});
export const clockBody = z.union([
  z.object({ advance_seconds: z.number().finite().min(-10 * 365 * 86400).max(10 * 365 * 86400) }),
  /** A duration such as `5m` (the autopilot's notation); forward only. */
  z.object({ advance: duration }),
  /** To the time the next pending autopilot step falls due (409 no_pending_step when none is pending). */
  z.object({ advance_to: z.literal('next_step', { error: 'advance_to accepts only "next_step"' }) }),
  // Four-digit years from 1970 (Date.parse also reads "+275760-…" and "20261-01-01", which no timestamp can show).
  z.object({
    set: z.string().refine((s) => /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'set must be an ISO 8601 date-time between 1970 and 9999'),
  }),
  z.object({ frozen: z.boolean() }),
  z.object({ real_time: z.literal(true) }),
]);
/**
 * POST /reset: the clock is test configuration and stays as it is (frozen stays frozen, an offset stays);
 * `clock: "real_time"` also puts it back on real time (the UI's "also back to real time").
 */
export const resetBody = z.object({
  clock: z.enum(['keep', 'real_time'], { error: 'clock is "keep" (the default) or "real_time"' }).optional(),
});
export const packageBody = z.object({
  name: z.string().min(1).max(100),
  type: z.enum(['monthly', 'yearly', 'addon']),
  price: z.string().regex(/^\d+(\.\d{1,2})?$/, 'price must be a decimal such as 9.99'),
});

/** A message the vet or the owner writes in a consultation's thread (1–1,600 characters after trimming). */
export const MESSAGE_MAX_CHARS = 1600;
export const messagePostBody = z.object({
  author: z.enum(['vet', 'owner'], { message: 'author must be vet or owner' }),
  body: z
    .string({ message: 'body is required' })
    .trim()
    .min(1, 'body must not be empty')
    .refine((b) => [...b].length <= MESSAGE_MAX_CHARS, { message: `body must be at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters` }),
});
