// No value validation accepted may break a later response (behaviour §4): `your_registration_date` in every
// accepted form is stored UTC and read back through every endpoint that formats it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const C = '/client/user/1/v2';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** The same instant as the control API sends every time: ISO 8601 with its zone (issue 35 #25). */
const CONTROL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Accepted form → the stored UTC timestamp. */
const ACCEPTED: [string, string][] = [
  ['2026-01-01', '2026-01-01 00:00:00'],
  ['2026-01-01 08:30:00', '2026-01-01 08:30:00'],
  ['2026-01-01T00:00:00Z', '2026-01-01 00:00:00'],
  ['2026-01-01T02:30:00+02:00', '2026-01-01 00:30:00'],
  ['2025-12-31T19:00:00.123456-05:00', '2026-01-01 00:00:00'],
];

async function setRegistration(via: 'A12' | 'B11', value?: string) {
  const body = { email: 'ann@example.com', status: 'subscribed', ...(value === undefined ? {} : { your_registration_date: value }) };
  return via === 'A12' ? h.post('/api/v2/demo/actions', body) : h.http.post(`${C}/actions`).send({ api_key: 'demo-api-key', ...body });
}

describe('your_registration_date', () => {
  beforeEach(async () => {
    await h.registerUser({ role: 'protect_users', emergency_fund: 100 });
    await h.addPet();
  });

  it.each(ACCEPTED.flatMap(([input, stored]) => [['A12', input, stored], ['B11', input, stored]] as const))(
    '%s %s is stored as %s and every response that formats it still works',
    async (via, input, stored) => {
      const set = await setRegistration(via, input);
      expect(set.status, JSON.stringify(set.body)).toBe(200);

      // B11 (without the field) formats the stored value as ISO with microseconds
      const b11 = await setRegistration('B11');
      expect(b11.status, JSON.stringify(b11.body)).toBe(200);
      expect(b11.body.data.registration).toBe(`${stored.replace(' ', 'T')}.000000Z`);

      // A6 rows and A8's stringify_response (user + emergency stats)
      const a6 = await h.post('/api/v2/demo/report/webappuser/profile', {});
      expect(a6.status).toBe(200);
      expect(a6.body.data[0]).toMatchObject({ your_registration_date: stored, activedays: expect.any(Number) });
      const a8 = await h.post('/api/v2/demo/talk-to-vet', { email: 'ann@example.com', conversation_request: 'chat', pet_id: 1 });
      expect(a8.status, JSON.stringify(a8.body)).toBe(200);
      const payload = JSON.parse(a8.body.data.stringify_response);
      expect(payload.user).toMatchObject({ your_registration_date: stored, activedays: expect.any(Number) });
      expect(payload.emergency_stats).toMatchObject({
        trial_period_start_date: stored,
        trial_period_end_date: expect.stringMatching(TIMESTAMP),
        remaining_trial_period_days: expect.any(Number),
      });
      expect(a8.body.data.stringify_response).not.toContain('NaN');

      // the control API's user view, B5's rows, and A13's answer
      const user = await h.ctl.get('/users/1');
      expect(user.status).toBe(200);
      expect(user.body.emergency_stats.trial_period_end_date).toMatch(CONTROL_TIME); // the control API's ISO form
      expect((await h.http.post(`${C}/report/user/list`).send({})).status).toBe(200);
      const a13 = await h.post('/api/v2/demo/delete-user', { email: 'ann@example.com', app_id: 1 });
      expect(a13.status).toBe(200);
      expect(a13.body.data).toMatchObject({ your_registration_date: stored, activedays: expect.any(Number) });
    },
  );

  it.each(['yesterday-ish', '2026-02-30', '2026-13-01', '2026-01-01T25:00:00Z', '01/02/2026', '2026-01-01T00:00:00+99:00'])(
    '%s is refused with Laravel\'s date message, on A12 and B11, and nothing is stored',
    async (value) => {
      for (const via of ['A12', 'B11'] as const) {
        const r = await setRegistration(via, value);
        expect(r.status).toBe(422);
        expect(r.body.message).toEqual(['The your registration date is not a valid date.']);
      }
      expect((await h.ctl.get('/users/1')).body.user.your_registration_date).toMatch(CONTROL_TIME);
    },
  );
});

describe('A12 type', () => {
  it('takes the values B11 takes (issue 35: one user table, one enumeration), and stores what it took', async () => {
    await h.registerUser();
    const a12 = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', type: 'quarterly' });
    expect(a12.status).toBe(422);
    expect(a12.body.message).toEqual(['The selected type is invalid.']);
    const yearly = await h.post('/api/v2/demo/actions', { email: 'ann@example.com', status: 'subscribed', type: 'yearly' });
    expect(yearly.status, JSON.stringify(yearly.body)).toBe(200);
    expect((await h.ctl.get('/users/1')).body.statuses.at(-1).type).toBe('yearly');
    const b11 = await h.http.post(`${C}/actions`).send({ api_key: 'demo-api-key', email: 'ann@example.com', status: 'subscribed', type: 'quarterly' });
    expect(b11.status).toBe(422);
    expect(b11.body.message).toEqual(['The selected type is invalid.']);
  });
});
