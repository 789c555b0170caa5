// The contract check cannot pass vacuously: a deliberately wrong response is caught, both by the
// checker itself and through the agent every API test uses.
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REGISTRATION, makeSim, type Harness } from '../helpers';
import { ContractViolation, addContractChecker, contractChecked } from './checked-agent';
import { partnerViolations, type ObservedResponse } from './partner-contract';

let h: Harness;
let pet: Record<string, unknown>;
let registered: { status: number; body: { data: { stringify_response: string } } };
beforeAll(async () => {
  h = await makeSim();
  await h.registerUser();
  const r = await h.post('/api/v2/demo/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' });
  pet = r.body.data.pet;
  registered = await h.registerClient();
});
afterAll(async () => h.sim.close());

const A2 = (body: unknown, over: Partial<ObservedResponse> = {}): ObservedResponse => ({
  method: 'POST', path: '/api/v2/demo/pet/add', status: 200, contentType: 'application/json; charset=utf-8', body, ...over,
});
const ok = (data: unknown) => ({ success: true, status_code: 200, message: ['Pet Added'], data });

describe('the partner contract check', () => {
  it('passes the real A2 response', () => {
    expect(partnerViolations(A2(ok({ email: 'ann@example.com', pet })))).toEqual([]);
  });

  it('catches an unknown field, a missing field and a wrong type inside data', () => {
    expect(partnerViolations(A2(ok({ email: 'ann@example.com', pet: { ...pet, nope: 1 } })))).toEqual([
      expect.stringContaining('/data/pet must NOT have additional properties ("nope")'),
    ]);
    const { name: _name, ...noName } = pet;
    expect(partnerViolations(A2(ok({ email: 'ann@example.com', pet: noName }))).join()).toMatch(/\/data\/pet must have required property 'name'/);
    expect(partnerViolations(A2(ok({ email: 'ann@example.com', pet: { ...pet, id: String(pet.id) } }))).join()).toMatch(/\/data\/pet\/id must be integer/);
  });

  it('catches an undeclared status, an undeclared content type and a status_code that differs from HTTP', () => {
    expect(partnerViolations(A2(ok({ email: 'a@b.co', pet }), { status: 201 }))).toEqual([expect.stringContaining('status not declared')]);
    expect(partnerViolations(A2('a,b', { contentType: 'text/csv' }))).toEqual([expect.stringContaining('content type text/csv not declared')]);
    const failure = { success: false, status_code: 404, message: ['User Not Found'], data: [] };
    expect(partnerViolations(A2(failure, { status: 404 }))).toEqual([]);
    expect(partnerViolations(A2(failure, { status: 422 }))).toEqual([expect.stringContaining('status_code 404 differs from HTTP 422')]);
  });

  it('catches a failure whose data is not [] and a success on a path the document does not have', () => {
    expect(partnerViolations(A2({ success: false, status_code: 404, message: ['User Not Found'], data: {} }, { status: 404 })).join()).toMatch(/\/data must be array/);
    expect(partnerViolations(A2(ok(true), { path: '/api/v2/demo/pet/nope' }))).toEqual([expect.stringContaining('no such operation')]);
  });

  it('holds the JSON text inside stringify_response to its schema', () => {
    const B9 = (stringify_response: string): ObservedResponse => ({
      method: 'POST', path: '/client/user/1/v2/register-user', status: 200, contentType: 'application/json',
      body: { success: true, status_code: 200, message: ['User Created Successfully'], data: { stringify_response } },
    });
    expect(registered.status).toBe(200);
    const session = JSON.parse(registered.body.data.stringify_response);
    expect(partnerViolations(B9(JSON.stringify(session)))).toEqual([]);
    expect(partnerViolations(B9(JSON.stringify({ ...session, user: { ...session.user, is_online: 'no' } }))).join()).toMatch(/stringify_response\/user\/is_online must be integer/);
    expect(partnerViolations(B9('not json'))).toEqual([expect.stringContaining('stringify_response is not JSON text')]);
  });

  it('accepts B6 as text/csv with export=csv, declared in the document', async () => {
    const r = await h.http.post('/client/user/1/v2/report/payment/list').send({ export: 'csv' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(partnerViolations({ method: 'POST', path: '/client/user/1/v2/report/payment/list', status: 200, contentType: r.headers['content-type'], body: {} })).toEqual([]);
  });
});

describe('the agent every API test uses (makeSim)', () => {
  const fake = express().post('/api/v2/demo/pet/add', (req, res) =>
    void res.json(req.query.bad ? ok({ email: 'ann@example.com', pet: { ...pet, nope: 1 } }) : ok({ email: 'ann@example.com', pet })),
  );

  it('rejects the await of a response that breaks the document, naming the field', async () => {
    const http = contractChecked(request(fake));
    const err = await http.post('/api/v2/demo/pet/add?bad=1').send({}).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ContractViolation);
    expect((err as Error).message).toMatch(/A2 POST \/api\/v2\/demo\/pet\/add → 200: body\/data\/pet must NOT have additional properties \("nope"\)/);
    await expect(http.post('/api/v2/demo/pet/add').send({})).resolves.toMatchObject({ status: 200 });
  });

  it('is the agent makeSim() hands to the tests: its responses go through the checkers', async () => {
    const seen: string[] = [];
    const remove = addContractChecker((r) => (seen.push(`${r.status} ${r.path}`), r.path.endsWith('/media-url') ? ['flagged by the test'] : []));
    try {
      await expect(h.http.post('/client/user/1/v2/register-user').send({ ...CLIENT_REGISTRATION, email: 'second@example.com' })).resolves.toMatchObject({ status: 200 });
      await expect(h.get('/api/v2/demo/media-url')).rejects.toThrow(/flagged by the test/);
    } finally {
      remove();
    }
    expect(seen).toEqual(['200 /client/user/1/v2/register-user', '200 /api/v2/demo/media-url']);
  });
});
