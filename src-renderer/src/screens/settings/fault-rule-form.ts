// A fault rule as the form holds it (text, as typed), and a sentence per field that is wrong. The checks are the
// simulator's own schema (src-shared/schemas/faults.ts), applied in field-checks.ts (loaded with zod, on its own).
import { MAX_FAULT_RULES } from '../../../../src-shared/control';
import { partText, refusalParts } from './refusals';

export interface FaultRuleDraft { endpoint: string; delay_ms: string; status: string; message: string; probability: string; count: string }
export type FaultField = keyof FaultRuleDraft;
export type FaultErrors = Partial<Record<FaultField, string>>;

export const EMPTY_DRAFT: FaultRuleDraft = { endpoint: 'A8', delay_ms: '', status: '500', message: '', probability: '1', count: '' };
/** The simulator keeps at most this many rules. */
export const MAX_RULES = MAX_FAULT_RULES;

export const FAULT_RULE_WORDS: Record<FaultField, string> = {
  endpoint: 'Endpoint must be an endpoint id such as A8, or all endpoints.',
  delay_ms: 'Delay must be a whole number of milliseconds from 0 to 60,000, or empty for none.',
  status: 'Status must be a number between 400 and 599, or empty for a rule that only delays.',
  message: 'Message must be at most 500 characters.',
  probability: 'Probability must be between 0 and 1 (0.25 fires on one request in four).',
  count: 'Count must be a whole number of 1 or more, or empty for no limit.',
};
export const NOTHING_TO_DO = 'Give a status, a delay, or both: a rule with neither changes nothing.';

/**
 * The simulator's refusal of a PUT /faults ("3.status: Too small: …; 3.count: …") as the form's words for the
 * fields of the rule at `index`; what names no field of it stays as the simulator said it, under `form`.
 */
export function refusalErrors(message: string, index: number): { fields: FaultErrors; form?: string } {
  const fields: FaultErrors = {};
  const rest: string[] = [];
  for (const part of refusalParts(message)) {
    const m = /^(\d+)\.(\w+)$/.exec(part.path);
    if (m && Number(m[1]) === index && m[2] in FAULT_RULE_WORDS) fields[m[2] as FaultField] = FAULT_RULE_WORDS[m[2] as FaultField];
    else rest.push(partText(part));
  }
  return { fields, form: rest.length ? rest.join('; ') : undefined };
}
