// What the arm-a-hold form accepts, in the words shown next to each field. The checks are the control API's own
// schema (src-shared/schemas/holds.ts holdArmBody), so the form refuses exactly what the simulator would; zod
// comes with it, so this module is loaded on its own (`armChecks()`) when the panel shows.
import type { HoldArmRequest } from '../../../../src-shared/control';
import { holdArmBody } from '../../../../src-shared/schemas/holds';
import { sentence } from '../../components/common';
import { numberOf } from '../settings/typed-number';
import { detailsOf } from '../settings/refusals';

export interface ArmDraft { endpoint: string; app: string; count: string; timeout_s: string; on_timeout: 'release' | 'fail'; match: string }
export type ArmField = keyof ArmDraft;
export type ArmErrors = Partial<Record<ArmField, string>>;

/** The form takes seconds where the API takes milliseconds, so its words say seconds too. */
export const TIMEOUT_RULE = 'Timeout must be a number of seconds from 0.1 to 600 (10 minutes).';
export const COUNT_RULE = 'Count must be a whole number from 0 (until removed) to 1,000.';
export const MATCH_RULE = 'Match must be field=value pairs separated by commas, such as pet_id=2, email=ann@example.com.';

/** `pet_id=2, email=ann@example.com` as { pet_id: '2', email: '…' }: the simulator compares field values as text. */
function matchOf(text: string): Record<string, string> | undefined | null {
  if (!text.trim()) return undefined;
  const pairs = text.split(',').map((p) => p.trim()).filter(Boolean).map((p) => p.split('='));
  if (pairs.some((p) => p.length !== 2 || !p[0].trim() || !p[1].trim())) return null;
  return Object.fromEntries(pairs.map(([k, v]) => [k.trim(), v.trim()]));
}

/** The API's field the schema names, as the form's field. */
const FIELD: Record<string, ArmField> = { endpoint: 'endpoint', app: 'app', count: 'count', timeout_ms: 'timeout_s', on_timeout: 'on_timeout', match: 'match' };

export function checkArm(d: ArmDraft): { body: HoldArmRequest; errors?: undefined } | { errors: ArmErrors; body?: undefined } {
  const errors: ArmErrors = {};
  const count = numberOf(d.count);
  const seconds = numberOf(d.timeout_s);
  const match = matchOf(d.match);
  if (count === undefined) errors.count = COUNT_RULE;
  if (seconds === undefined) errors.timeout_s = TIMEOUT_RULE;
  if (match === null) errors.match = MATCH_RULE;
  const body: HoldArmRequest = {
    // As typed in the form: the schema checks it on the next line, and names it when it is no endpoint id.
    endpoint: d.endpoint as HoldArmRequest['endpoint'], ...(d.app ? { app: d.app } : {}), ...(match ? { match } : {}),
    count: count ?? 1, timeout_ms: Math.round((seconds ?? 60) * 1000), on_timeout: d.on_timeout,
  };
  const r = holdArmBody.safeParse(body);
  for (const issue of r.success ? [] : r.error.issues) {
    const field = FIELD[String(issue.path[0])] ?? 'endpoint';
    if (errors[field]) continue;
    errors[field] = field === 'timeout_s' ? TIMEOUT_RULE : field === 'count' ? COUNT_RULE : field === 'match' ? MATCH_RULE : sentence(issue.message);
  }
  return Object.keys(errors).length ? { errors } : { body };
}

/** The first field of the form the simulator's refusal names (its details' paths), with what it said there; or undefined. */
export function refusedField(refusal: Error): { field: ArmField; error: string } | undefined {
  const d = detailsOf(refusal).find((x) => Object.hasOwn(FIELD, x.path));
  return d ? { field: FIELD[d.path], error: d.message } : undefined;
}
