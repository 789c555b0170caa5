// What the Settings fields accept, in the words shown next to each field. An app's name and rate limit, and a
// fault rule, are checked with the control API's own schemas (src-shared/schemas/control.ts, faults.ts), so the
// forms refuse exactly what the simulator would. zod comes with them, so this module is loaded on its own (`fieldChecks()`) when the
// apps panel shows: the UI's start bundle stays without it (it weighs about 100 kB).
import type { FaultRule } from '../../../../src-shared/control';
import { appCreateBody, appPatchBody } from '../../../../src-shared/schemas/control';
import { faultRuleSchema } from '../../../../src-shared/schemas/faults';
import { sentence } from '../../components/common';
import { FAULT_RULE_WORDS, NOTHING_TO_DO, type FaultErrors, type FaultField, type FaultRuleDraft } from './fault-rule-form';
import { numberOf } from './typed-number';

/** faultRuleSchema's message limit, which the form judges on the text as typed. */
const MESSAGE_MAX = faultRuleSchema.shape.message.unwrap().maxLength ?? 500;

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

/**
 * The fault rule a form's draft describes, checked with the simulator's own schema (faultRuleSchema), or what is
 * wrong with it, field by field in the form's words (nothing is dropped: a bad field is an error).
 */
export function checkFaultRule(d: FaultRuleDraft): { rule: Omit<FaultRule, 'id'>; errors?: undefined } | { rule?: undefined; errors: FaultErrors } {
  const errors: FaultErrors = {};
  const rule: Omit<FaultRule, 'id'> = { endpoint: d.endpoint };
  const numeric = (field: 'delay_ms' | 'status' | 'count' | 'probability') => {
    if (!d[field].trim()) return; // empty: none (probability: the simulator's default, every matching request)
    const n = numberOf(d[field]);
    if (n === undefined) errors[field] = FAULT_RULE_WORDS[field];
    else rule[field] = n;
  };
  numeric('delay_ms');
  numeric('status');
  numeric('count');
  // Judged as typed: text past the limit is an error even if trimming would bring it under.
  if (d.message.length > MESSAGE_MAX) errors.message = FAULT_RULE_WORDS.message;
  else if (d.message.trim()) rule.message = d.message.trim();
  numeric('probability');
  const r = faultRuleSchema.safeParse(rule);
  for (const issue of r.success ? [] : r.error.issues) {
    const field = String(issue.path[0]);
    if (field in FAULT_RULE_WORDS) errors[field as FaultField] ??= FAULT_RULE_WORDS[field as FaultField];
  }
  if (!errors.status && !errors.delay_ms && rule.status === undefined && !rule.delay_ms) errors.status = NOTHING_TO_DO;
  return Object.keys(errors).length ? { errors } : { rule };
}
