// One error boundary for every route (issue 29 item 5): a malformed %-escape or an unknown charset is the
// client's mistake — a 4xx in the route's own error shape — never a 500, a stack trace or express's HTML page.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSim, type Harness } from '../helpers';

let h: Harness;
beforeAll(async () => (h = await makeSim()));
afterAll(async () => h.sim.close());

describe('client mistakes outside the partner pipeline', () => {
  it('a bad %-escape in a pet photo address: 400 in the partner envelope', async () => {
    const r = await h.http.get('/media/demo/pets/1/%E0%A4%A.png');
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body).toEqual({ success: false, status_code: 400, message: ['Bad Request: the address has a malformed %-escape.'], data: [] });
  });

  it('a bad %-escape on a control route: 400 in the control error shape', async () => {
    // Unchecked against the control document: a malformed address matches none of its routes.
    const r = await request(h.sim.handle).get('/__sim/v1/consultations/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: { code: 'malformed_url', message: 'The address has a malformed %-escape.', details: [] } });
  });

  it('an unknown charset on a control request: 415, not 500', async () => {
    const r = await request(h.sim.handle).post('/__sim/v1/clock').set('content-type', 'application/json; charset=klingon').send('{"advance_seconds":1}');
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe('unsupported_charset');
    expect(JSON.stringify(r.body)).not.toMatch(/\bat \w|node_modules|\/out\//);
  });
});
