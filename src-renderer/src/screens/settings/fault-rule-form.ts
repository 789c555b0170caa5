// A fault rule as the form holds it (text, as typed) and the rule it makes, with a sentence per field that is
// wrong. The limits are the simulator's (faultRuleSchema in src-main/core/domain/faults.ts, which the renderer
// cannot import: it lives beside the database code); keep the two in step.
import type { FaultRule } from '../../store/shared';
import { numberOf } from './typed-number';

export interface FaultRuleDraft { endpoint: string; delay_ms: string; status: string; message: string; probability: string; count: string }
export type FaultField = keyof FaultRuleDraft;
export type FaultErrors = Partial<Record<FaultField, string>>;

export const EMPTY_DRAFT: FaultRuleDraft = { endpoint: 'A8', delay_ms: '', status: '500', message: '', probability: '1', count: '' };
/** The simulator keeps at most this many rules. */
export const MAX_RULES = 100;

export const FAULT_RULE_WORDS: Record<FaultField, string> = {
  endpoint: 'Endpoint must be an endpoint id such as A8, or all endpoints.',
  delay_ms: 'Delay must be a whole number of milliseconds from 0 to 60,000, or empty for none.',
  status: 'Status must be a number between 400 and 599, or empty for a rule that only delays.',
  message: 'Message must be at most 500 characters.',
  probability: 'Probability must be between 0 and 1 (0.25 fires on one request in four).',
  count: 'Count must be a whole number of 1 or more, or empty for no limit.',
};
const NOTHING_TO_DO = 'Give a status, a delay, or both: a rule with neither changes nothing.';

const wholeIn = (n: number | undefined, min: number, max: number) => n !== undefined && Number.isInteger(n) && n >= min && n <= max;

/** The rule the draft describes, or what is wrong with it, field by field (nothing is dropped: a bad field is an error). */
export function ruleOf(d: FaultRuleDraft): { rule: Omit<FaultRule, 'id'>; errors?: undefined } | { rule?: undefined; errors: FaultErrors } {
  const errors: FaultErrors = {};
  const rule: Omit<FaultRule, 'id'> = { endpoint: d.endpoint };
  if (!/^([AB]\d{1,2}|\*)$/.test(d.endpoint)) errors.endpoint = FAULT_RULE_WORDS.endpoint;
  const optional = (field: 'delay_ms' | 'status' | 'count', min: number, max: number) => {
    if (!d[field].trim()) return;
    const n = numberOf(d[field]);
    if (wholeIn(n, min, max)) rule[field] = n;
    else errors[field] = FAULT_RULE_WORDS[field];
  };
  optional('delay_ms', 0, 60_000);
  optional('status', 400, 599);
  optional('count', 1, Number.MAX_SAFE_INTEGER);
  if (d.message.length > 500) errors.message = FAULT_RULE_WORDS.message;
  else if (d.message.trim()) rule.message = d.message.trim();
  if (d.probability.trim()) {
    const p = numberOf(d.probability);
    if (p !== undefined && p >= 0 && p <= 1) rule.probability = p;
    else errors.probability = FAULT_RULE_WORDS.probability;
  } // empty: the simulator's default, every matching request
  if (!errors.status && !errors.delay_ms && rule.status === undefined && !rule.delay_ms) errors.status = NOTHING_TO_DO;
  return Object.keys(errors).length ? { errors } : { rule };
}

/**
 * The simulator's refusal of a PUT /faults ("3.status: Too small: …; 3.count: …") as the form's words for the
 * fields of the rule at `index`; what names no field of it stays as the simulator said it, under `form`.
 */
export function refusalErrors(message: string, index: number): { fields: FaultErrors; form?: string } {
  const fields: FaultErrors = {};
  const rest: string[] = [];
  for (const part of message.split('; ')) {
    const m = /^(\d+)\.(\w+): /.exec(part);
    if (m && Number(m[1]) === index && m[2] in FAULT_RULE_WORDS) fields[m[2] as FaultField] = FAULT_RULE_WORDS[m[2] as FaultField];
    else rest.push(part);
  }
  return { fields, form: rest.length ? rest.join('; ') : undefined };
}
