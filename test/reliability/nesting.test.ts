// Deeply nested input (issue 12 item 6): 3,000-deep JSON on B1 (18 KB, no credentials needed) used to
// overflow the stack in a recursive walk and kill the process. Nesting is bounded at body parsing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { rawRequest } from './raw-request';

let sim: Simulator;
let url: string;
const B1 = '/client/user/1/v2/pet/add';
const deepJson = (levels: number) => `{"email":"a@b.co","name":"Rex","age":"2 years","sex":"m","extra":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
const json = { 'content-type': 'application/json' };
const envelope = (status: number, message: string[]) => ({ success: false, status_code: status, message, data: [] });
const TOO_DEEP = ['The request body is nested too deeply (more than 64 levels).'];

beforeAll(async () => {
  sim = await createSimulator({ inMemory: true });
  ({ url } = await sim.listen(0, '127.0.0.1'));
  sim.services.apps.update(1, { rate_limit_per_minute: 0 });
});
afterAll(async () => sim.close());

async function stillServes() {
  const r = await rawRequest('POST', url + B1, json, JSON.stringify({ email: 'nobody@example.com', name: 'Rex', age: '2 years', sex: 'm' }));
  expect(r.status).toBe(404);
  expect(JSON.parse(r.text).message).toEqual(['User Not Found']);
}

describe('nesting is bounded before anything walks the input', () => {
  it('3,000-deep JSON on B1 → 400 with the envelope; the process lives and the next request is fine', async () => {
    const body = deepJson(3000);
    expect(body.length).toBeLessThan(20_000);
    for (let i = 0; i < 3; i++) {
      const r = await rawRequest('POST', url + B1, json, body);
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toBe('application/json');
      expect(JSON.parse(r.text)).toEqual(envelope(400, TOO_DEEP));
    }
    await stillServes();
    const journal = (await (await fetch(`${url}/__sim/v1/requests`)).json()) as { items: { status: number }[] };
    expect(journal.items.filter((e) => e.status === 400).length).toBeGreaterThanOrEqual(3);
  });

  it('64 levels are input like any other; 65 are refused', async () => {
    expect((await rawRequest('POST', url + B1, json, deepJson(64))).status).toBe(404); // parsed and validated: the user is unknown
    expect((await rawRequest('POST', url + B1, json, deepJson(65))).status).toBe(400);
  });

  it('urlencoded a[x][x]… 3,000 deep → 400', async () => {
    const r = await rawRequest('POST', url + B1, { 'content-type': 'application/x-www-form-urlencoded' }, `email=a%40b.co&a${'[x]'.repeat(3000)}=1`);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual(envelope(400, TOO_DEEP));
    await stillServes();
  });

  it('a query string a[x][x]… 3,000 deep → 400', async () => {
    const r = await rawRequest('GET', `${url}/client/user/1/v2/pet/list?email=a@b.co&a${'[x]'.repeat(3000)}=1`);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual(envelope(400, ['The query string is nested too deeply (more than 64 levels).']));
    await stillServes();
  });

  it('multipart bracket keys 3,000 deep are refused too', async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="a${'[x]'.repeat(3000)}"\r\n\r\n1\r\n--b--\r\n`;
    const r = await rawRequest('POST', url + B1, { 'content-type': 'multipart/form-data; boundary=b' }, body);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual(envelope(400, TOO_DEEP));
    await stillServes();
  });

  it('wide input is fine: 5,000 sibling keys walk without recursion', async () => {
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, { v: ' x ' }]));
    const r = await rawRequest('POST', url + B1, json, JSON.stringify({ email: 'nobody@example.com', name: 'Rex', age: '2 years', sex: 'm', ...wide }));
    expect(r.status).toBe(404);
  });
});
