// A fault rule as the form holds it (text, as typed), and a sentence per field that is wrong. The checks are the
// simulator's own schema (src-shared/schemas/faults.ts), applied in field-checks.ts (loaded with zod, on its own).
import { MAX_FAULT_RULES } from '../../../../src-shared/control';
import { detailsOf, detailText } from './refusals';

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
 * The simulator's refusal of a PUT /faults, detail by detail: a detail of a field of the rule at `index` (path
 * `3.status`) goes by that field, as the simulator said it; the rest under `form` (a refusal with no details: its message).
 */
export function refusalErrors(refusal: Error, index: number): { fields: FaultErrors; form?: string } {
  const fields: FaultErrors = {};
  const rest: string[] = [];
  const details = detailsOf(refusal);
  for (const d of details) {
    const field = d.path.startsWith(`${index}.`) ? d.path.slice(`${index}.`.length) : undefined;
    if (field && Object.hasOwn(FAULT_RULE_WORDS, field) && !fields[field as FaultField]) fields[field as FaultField] = d.message;
    else rest.push(detailText(d));
  }
  if (!details.length) rest.push(refusal.message);
  return { fields, form: rest.length ? rest.join('; ') : undefined };
}
