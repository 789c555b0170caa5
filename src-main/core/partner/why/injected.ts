// The why of answers the simulator made rather than the API (issue 37): the rate limit's window, a fault rule,
// a hold's decision. Each names the one rule or window responsible, so a tester can switch it off.
import type { AppRecord, FaultRule } from '../../../../src-shared/control';
import { detail, why, type Why } from './why';

/** A 429: the app's window, and when it resets (from the headers the answer carries, so they agree). */
export function rateLimitWhy(app: AppRecord, limit: string | undefined, resetEpochS: string | undefined, retryAfterS: string | undefined): Why {
  const resets = resetEpochS ? new Date(Number(resetEpochS) * 1000).toISOString() : 'unknown';
  return why(`App ${app.name} used up its rate limit: ${limit ?? app.rate_limit_per_minute} requests per 60-second window.`, [
    detail('Window', `60 seconds on the simulator clock, counted per app (every partner call of app ${app.name}, 401s too).`),
    detail('Resets', `at ${resets} (in ${retryAfterS ?? '?'} s).`),
    detail('Limit', `app ${app.name}'s rate_limit_per_minute is ${app.rate_limit_per_minute} (0 means no limit); change it in the app's settings.`),
  ]);
}

export function faultWhy(rule: FaultRule): Why {
  const details = [
    detail('Rule', `${rule.id}: endpoint ${rule.endpoint}${rule.method ? ` ${rule.method}` : ''}, status ${rule.status ?? '(none)'}${rule.delay_ms ? `, delay ${rule.delay_ms} ms` : ''}.`),
  ];
  if (rule.probability !== undefined && rule.probability < 1) details.push(detail('Probability', `${rule.probability}`));
  const left = (rule as FaultRule & { count?: number | null }).count;
  if (left !== undefined && left !== null) details.push(detail('Remaining', `${left} more match${left === 1 ? '' : 'es'}.`));
  details.push(detail('Switch off', 'Settings → Fault rules (or PUT /__sim/v1/faults without it).'));
  return why(`Fault rule ${rule.id} answered this request; the API never saw it.`, details);
}

export function holdWhy(holdId: string, heldId: string, by: string, status: number): Why {
  const ended = status === 444 ? 'closed the connection without an answer' : status === 499 ? 'found the client gone' : `answered ${status}`;
  return why(`Hold ${holdId} held this request and its decision ${ended}; the API never saw it.`, [
    detail('Held request', heldId),
    detail('Decided by', by),
  ]);
}
