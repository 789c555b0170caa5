// Emergency fund rules (behaviour §8): trial, stats, and activation after an `emergency` recommendation.
import { DAY_MS, formatTimestamp, parseTimestamp } from '../clock';
import type { UserRow } from '../db/repositories/types';

export interface EmergencyStats {
  user_type: UserRow['role'];
  trial_period_count: number;
  trial_period_start_date: string;
  trial_period_end_date: string;
  remaining_trial_period_days: number;
  last_emergency_activation_date: string | null;
  next_emergency_activation_date: string | null;
  emergency_fund: number;
  can_activate_Emergency: boolean;
}

/** Every reason the fund cannot be activated now; empty means it can. */
export function activationBlockers(user: UserRow, nowMs: number): string[] {
  const reasons: string[] = [];
  const trialEnd = parseTimestamp(user.your_registration_date) + user.trial_period * DAY_MS;
  if (user.role !== 'protect_users') reasons.push('the user is not a protect user (role is users)');
  if (user.status !== 'subscribed') reasons.push(`the user's status is ${user.status}, not subscribed`);
  if (nowMs < trialEnd) {
    const days = Math.ceil((trialEnd - nowMs) / DAY_MS);
    reasons.push(`the trial period is not over (${days} day${days === 1 ? '' : 's'} left, ends ${formatTimestamp(trialEnd)})`);
  }
  if (!(user.emergency_fund > 0)) reasons.push('the emergency fund is 0');
  if (user.next_emergency_activation_date && parseTimestamp(user.next_emergency_activation_date) > nowMs)
    reasons.push(`the fund was activated already; next activation possible from ${user.next_emergency_activation_date}`);
  return reasons;
}

export function emergencyStats(user: UserRow, nowMs: number): EmergencyStats {
  const start = parseTimestamp(user.your_registration_date);
  const end = start + user.trial_period * DAY_MS;
  return {
    user_type: user.role,
    trial_period_count: user.trial_period,
    trial_period_start_date: user.your_registration_date,
    trial_period_end_date: formatTimestamp(end),
    remaining_trial_period_days: Math.max(0, Math.ceil((end - nowMs) / DAY_MS)), // 14 on the day of registration, 0 once it ends
    last_emergency_activation_date: user.last_emergency_activation_date,
    next_emergency_activation_date: user.next_emergency_activation_date,
    emergency_fund: user.emergency_fund,
    can_activate_Emergency: activationBlockers(user, nowMs).length === 0,
  };
}

export const activeDays = (user: UserRow, nowMs: number) =>
  Math.max(0, Math.floor((nowMs - parseTimestamp(user.your_registration_date)) / DAY_MS));

export function activationDates(nowMs: number) {
  return { last_emergency_activation_date: formatTimestamp(nowMs), next_emergency_activation_date: formatTimestamp(nowMs + 365 * DAY_MS) };
}
