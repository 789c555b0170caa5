// Pure rules: labels, name set, pagination object, Luhn, emergency stats, age/weight normalisation, clock.
import { describe, expect, it } from 'vitest';
import { label, NAME_PATTERN, NAME_PATTERN_NO_UNDERSCORE } from '../../src-shared/schemas/fields';
import { paginate } from '../../src-main/core/domain/pagination';
import { luhnValid } from '../../src-main/core/domain/payments';
import { activationBlockers, emergencyStats } from '../../src-main/core/domain/emergency';
import { normalizeAge, normalizeWeight } from '../../src-main/core/domain/pets';
import { normalizeRecommendation } from '../../src-main/core/domain/feedback';
import { formatIsoMicros, SimClock } from '../../src-main/core/clock';
import { maskAuthorization, maskBody } from '../../src-main/core/journal';
import { parseServeArgs } from '../../src-main/cli/args';
import type { UserRow } from '../../src-main/core/db/repositories/types';

describe('validation vocabulary', () => {
  it('labels like Laravel', () => {
    expect(label('emergency_fund')).toBe('emergency fund');
    expect(label('perPage')).toBe('per page');
    expect(label('addOn_package_id')).toBe('add on package id');
  });
  it('the name character set', () => {
    for (const ok of ["O'Brien", 'Çağrı Şen', 'A_B', 'x!@#$%^&*()+{}[]:;<>,.?/|"', 'İĞÜŞÖÇ ığüşöç', 'it’s']) expect(NAME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['Zoë', '李', 'a~b', 'a-b', 'a=b', 'a\\b', '']) expect(NAME_PATTERN.test(bad), bad).toBe(false);
    expect(NAME_PATTERN_NO_UNDERSCORE.test('a_b')).toBe(false);
    expect(NAME_PATTERN_NO_UNDERSCORE.test('a b')).toBe(true);
  });
});

describe('pagination object (behaviour §10)', () => {
  it('edges', () => {
    expect(paginate(0, 1, 10)).toEqual({ total: 0, current: 1, first: 1, last: 1, previous: 1, next: 1, pages: [1], from: 0, to: 0 });
    expect(paginate(10, 1, 10)).toEqual({ total: 10, current: 1, first: 1, last: 1, previous: 1, next: 1, pages: [1], from: 1, to: 10 });
    expect(paginate(95, 10, 10)).toMatchObject({ last: 10, previous: 9, next: 10, from: 91, to: 95 });
    expect(paginate(1000, 50, 10).pages).toEqual([46, 47, 48, 49, 50, 51, 52, 53, 54, 55]);
    expect(paginate(1000, 100, 10).pages).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
    expect(paginate(30, 7, 10)).toMatchObject({ current: 7, from: 0, to: 0, next: 3 });
  });
});

describe('rules', () => {
  it('Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('abcd')).toBe(false);
  });
  it('emergency stats and blockers follow the clock', () => {
    const user = { role: 'protect_users', status: 'subscribed', emergency_fund: 10, trial_period: 14, your_registration_date: '2026-01-01 00:00:00', next_emergency_activation_date: null, last_emergency_activation_date: null } as unknown as UserRow;
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    expect(emergencyStats(user, t0).remaining_trial_period_days).toBe(14);
    expect(emergencyStats(user, t0 + 3600_000).remaining_trial_period_days).toBe(14);
    expect(emergencyStats(user, t0 + 14 * 86400_000).remaining_trial_period_days).toBe(0);
    expect(emergencyStats(user, t0 + 14 * 86400_000).can_activate_Emergency).toBe(true);
    expect(activationBlockers({ ...user, role: 'users', status: 'cancelled', emergency_fund: 0 }, t0 + 20 * 86400_000)).toEqual([
      'the user is not a protect user (role is users)', "the user's status is cancelled, not subscribed", 'the emergency fund is 0',
    ]);
  });
  it('pet formats and recommendations', () => {
    expect(normalizeAge('1 year')).toBe('1 years');
    expect(normalizeAge('02 years 1 month')).toBe('2 years 1 months');
    expect(normalizeWeight('12 lbs')).toBe('12');
    expect(normalizeWeight(7.5)).toBe('7.5');
    expect(normalizeRecommendation('Non-urgent')).toBe('non_urgent');
    expect(normalizeRecommendation('EMERGENCY')).toBe('emergency');
    expect(normalizeRecommendation('later')).toBeUndefined();
  });
  it('ISO timestamps carry microseconds', () => {
    expect(formatIsoMicros(Date.parse('2026-02-03T04:05:06.789Z'))).toBe('2026-02-03T04:05:06.789000Z');
  });
  it('the clock advances, freezes and returns to real time', () => {
    let real = 1_000_000;
    const c = new SimClock(() => real);
    c.advance(500);
    expect(c.nowMs()).toBe(1_000_500);
    c.freeze(true);
    real += 1000;
    expect(c.nowMs()).toBe(1_000_500);
    c.freeze(false);
    real += 10;
    expect(c.nowMs()).toBe(1_000_510);
    expect(c.toRealMs(c.nowMs() + 60_000)).toBe(real + 60_000);
    c.backToRealTime();
    expect(c.state().is_real_time).toBe(true);
  });
  it('journal masking', () => {
    expect(maskAuthorization(`Basic ${Buffer.from('demo:demo-secret').toString('base64')}`)).toBe('Basic demo:***');
    expect(maskAuthorization('Bearer abcdefghijklmnop')).toBe('Bearer ***');
    expect(maskBody({ a: 1, password: 'x', nested: [{ cvc: '1', number: '2', api_key: '3', keep: 'y' }] })).toEqual({ a: 1, password: '***', nested: [{ cvc: '***', number: '***', api_key: '***', keep: 'y' }] });
  });
  it('serve flags', () => {
    expect(parseServeArgs([])).toMatchObject({ port: 4010, host: '127.0.0.1', inMemory: false });
    expect(parseServeArgs(['--port', '0', '--in-memory', '--seed', 'demo'])).toMatchObject({ port: 0, inMemory: true, seed: 'demo' });
    expect(() => parseServeArgs(['--seed', 'prod'])).toThrow('--seed accepts only "demo", not "prod".');
    expect(() => parseServeArgs(['--port', '70000'])).toThrow(/--port must be/);
  });
});
