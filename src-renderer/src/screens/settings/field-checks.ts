// What the Settings fields accept, in the words shown next to each field. An app's name and rate limit are
// checked with the control API's own schemas (src-shared/schemas/control.ts), so the form refuses exactly
// what the simulator would. zod comes with them, so this module is loaded on its own (`fieldChecks()`) when the
// apps panel shows: the UI's start bundle stays without it (it weighs about 100 kB).
import { appCreateBody, appPatchBody } from '../../../../src-shared/schemas/control';
import { sentence } from '../../components/common';
import { numberOf } from './typed-number';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export const RATE_LIMIT_RULE = 'Rate limit must be a whole number from 0 (unlimited) to 1,000,000 requests a minute.';

export function checkRateLimit(text: string): Checked<number> {
  const n = numberOf(text);
  // The schema's field is optional (a PATCH may leave it out): a box that holds no number is still an error.
  if (n === undefined || !appPatchBody.shape.rate_limit_per_minute.safeParse(n).success) return { ok: false, error: RATE_LIMIT_RULE };
  return { ok: true, value: n };
}

export function checkAppName(text: string): Checked<string> {
  const r = appCreateBody.shape.name.safeParse(text.trim());
  // The schema's own message ("name must be a slug: …"), as a sentence: the words the simulator would answer.
  return r.success ? { ok: true, value: r.data } : { ok: false, error: sentence(r.error.issues[0]?.message ?? 'Not a valid app name') };
}
