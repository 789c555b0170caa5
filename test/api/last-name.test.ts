// Issue 29 item 10: an absent last_name is one stored form (null: ConvertEmptyStringsToNull makes "" absent
// too), shown the same way by every partner view of the same user. The spec types the application-family
// user's last_name as a string (beside a phone_no it types "string or null"): every view shows "".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_REGISTRATION, makeSim, type Harness } from '../helpers';

let h: Harness;
beforeEach(async () => (h = await makeSim()));
afterEach(async () => h.sim.close());

const C = '/client/user/1/v2';

describe('an absent last_name is "" in A7, A6, B5 and B7 alike', () => {
  it('a user registered by A7 without one (or with "")', async () => {
    const a7 = await h.post('/api/v2/demo/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' });
    const blank = await h.post('/api/v2/demo/register-user', { first_name: 'Bo', last_name: '', email: 'bo@example.com', role: 'users', dev_type: 'ios' });
    expect([a7.body.data.user.last_name, blank.body.data.user.last_name]).toEqual(['', '']);
    const a6 = await h.post('/api/v2/demo/report/webappuser/profile', {});
    expect(a6.body.data.map((u: { last_name: unknown }) => u.last_name)).toEqual(['', '']);
    const b5 = await h.http.post(`${C}/report/user/list`).send({});
    expect(b5.status).toBe(200);
    expect(b5.body.data.list.map((u: { last_name: unknown }) => u.last_name)).toEqual(['', '']);
    const one = await h.http.post(`${C}/report/user/list`).send({ user_id: a7.body.data.user.id });
    expect(one.body.data.list[0]).toMatchObject({ email: 'ann@example.com', last_name: '' });
    // The control API shows the stored form: one form for both users.
    const stored = (await h.ctl.get('/users')).body.items.map((u: { last_name: unknown }) => u.last_name);
    expect(stored).toEqual([null, null]);
  });

  it('a user B10 creates without one: B10\'s user, B5 and B7 (after feedback) show ""', async () => {
    const { first_name: _f, last_name: _l, ...rest } = CLIENT_REGISTRATION;
    const b10 = await h.http.post(`${C}/talk-to-vet`).send({ ...rest, breed: 'Bengal' });
    expect(b10.status, JSON.stringify(b10.body)).toBe(200);
    expect(JSON.parse(b10.body.data.stringify_response).user.last_name).toBe('');
    const b5 = await h.http.post(`${C}/report/user/list`).send({});
    expect(b5.body.data.list.map((u: { last_name: unknown }) => u.last_name)).toEqual(['']);
    const [chat] = (await h.ctl.get('/consultations')).body.items;
    await h.ctl.post(`/consultations/${chat.sid}/accept`);
    expect((await h.ctl.put(`/consultations/${chat.sid}/feedback`, { recommendation: 'Urgent', reason: 'Limping' })).status).toBe(200);
    const b7 = await h.http.get(`${C}/vet/feedbacks`);
    expect(b7.body.data.map((f: { user_last_name: unknown }) => f.user_last_name)).toEqual(['']);
  });
});
