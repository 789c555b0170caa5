// Issue 28: a request the pipeline refuses before reading its body (wrong credentials, an unknown app, the
// rate limit, a fault rule) still has its body in the journal, as the reader would have read it (JSON,
// urlencoded, multipart; masked), whether the body came with the headers or after them; and
// GET /requests/:id?credentials=include gives the request as sent (the wrong password included) while this
// process remembers it, and says `masked` (never another secret) once it does not.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const sims: Simulator[] = [];
afterEach(async () => {
  agent.destroy(); // idle keep-alive sockets would hold a simulator's close
  for (const s of sims.splice(0)) await s.close();
});
async function started() {
  const sim = await createSimulator({ inMemory: true });
  sims.push(sim);
  return (await sim.listen(0, '127.0.0.1')).url;
}

/** One request on a keep-alive connection (as curl and fetch send them); `late` sends the body that many ms after the headers. */
const agent = new http.Agent({ keepAlive: true });
function send(url: string, path: string, headers: Record<string, string>, body: Buffer | string, late = 0) {
  const bytes = Buffer.from(body);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method: 'POST', agent, headers: { ...headers, 'content-length': String(bytes.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.flushHeaders();
    if (late) setTimeout(() => req.end(bytes), late);
    else req.end(bytes);
  });
}
const json = async (url: string, path: string) => (await fetch(`${url}/__sim/v1${path}`)).json();
const newest = async (url: string) => {
  const { items } = await json(url, '/requests?limit=1');
  return json(url, `/requests/${items[0].id}`);
};

describe('bodies of requests refused before they were read', () => {
  it('keeps the JSON body of a 401 (masked), and gives it back as sent with credentials=include', async () => {
    const url = await started();
    const body = JSON.stringify({ email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', api_key: 'k-123' });
    expect(await send(url, '/api/v2/demo/pet/add', { authorization: basic('demo', 'wrong'), 'content-type': 'application/json' }, body)).toBe(401);
    const e = await newest(url);
    expect(e.status).toBe(401);
    expect(JSON.parse(e.request_body)).toEqual({ ...JSON.parse(body), api_key: '***' });
    expect(e.request_headers.authorization).toBe('Basic demo:***');
    const sent = await json(url, `/requests/${e.id}?credentials=include`);
    expect(sent.credentials).toBe('as_sent');
    expect(sent.request_headers.authorization).toBe(basic('demo', 'wrong'));
    expect(sent.request_body).toBe(body);
    expect((await fetch(`${url}/__sim/v1/requests/${e.id}?credentials=maybe`)).status).toBe(422);
  });

  it('keeps a gzip-compressed JSON body of a 401 as the bytes sent: the reader never decompresses (issue 35 #16)', async () => {
    const url = await started();
    const body = JSON.stringify({ email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male' });
    const headers = { authorization: basic('demo', 'wrong'), 'content-type': 'application/json', 'content-encoding': 'gzip' };
    const zipped = gzipSync(body);
    expect(await send(url, '/api/v2/demo/pet/add', headers, zipped)).toBe(401);
    const e = await newest(url);
    expect(e.request_body).not.toContain('ann@example.com');
    expect(e.request_bytes).toBe(zipped.length);
  });

  it('keeps a body that arrives after the headers, and urlencoded and multipart bodies, as the reader reads them', async () => {
    const url = await started();
    const late = JSON.stringify({ email: 'late@example.com', name: 'Slow' });
    // Answered before the body came: the entry follows once it has arrived.
    expect(await send(url, '/api/v2/demo/pet/add', { authorization: basic('demo', 'nope'), 'content-type': 'application/json' }, late, 150)).toBe(401);
    await expect.poll(async () => (await json(url, '/requests/count')).count, { timeout: 5000 }).toBe(1);
    expect((await newest(url)).request_body).toBe(late);

    const form = 'email=ann%40example.com&password=s3cret';
    expect(await send(url, '/api/v2/nowhere/pet/add', { 'content-type': 'application/x-www-form-urlencoded' }, form)).toBe(404);
    expect((await newest(url)).request_body).toBe('email=ann%40example.com&password=***');

    const boundary = 'XyZ';
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="email"', '', 'ann@example.com', `--${boundary}`, 'Content-Disposition: form-data; name="cvc"', '', '123', `--${boundary}--`, ''].join('\r\n');
    expect(await send(url, '/api/v2/demo/pet/add', { authorization: basic('demo', 'nope'), 'content-type': `multipart/form-data; boundary=${boundary}` }, multipart)).toBe(401);
    // busboy parses across ticks: this entry follows its answer by a moment.
    await expect.poll(async () => (await newest(url)).request_params).toEqual([{ name: 'email', value: 'ann@example.com' }, { name: 'cvc', value: '***' }]);
    const m = await newest(url);
    const sent = await json(url, `/requests/${m.id}?credentials=include`);
    expect(sent.request_params).toEqual([{ name: 'email', value: 'ann@example.com' }, { name: 'cvc', value: '123' }]);
  });

  it('keeps a body the reader reads no input from (text/plain) as its text, as the reader keeps it (issue 35 #24), and answers at once', async () => {
    const url = await started();
    expect(await send(url, '/api/v2/demo/pet/add', { authorization: basic('demo', 'nope'), 'content-type': 'text/plain' }, 'hello')).toBe(401);
    expect((await newest(url)).request_body).toBe('hello');
  });

  it("says `masked` after a restart (the secrets were in memory only), and never fills in the app's current one", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'refused-bodies-'));
    const first = await createSimulator({ dataDir });
    const url = (await first.listen(0, '127.0.0.1')).url;
    expect(await send(url, '/api/v2/demo/pet/add', { authorization: basic('demo', 'wrong'), 'content-type': 'application/json' }, '{"email":"a@b.c","password":"p4ss"}')).toBe(401);
    const id = (await newest(url)).id as number;
    expect((await json(url, `/requests/${id}?credentials=include`)).credentials).toBe('as_sent');
    await first.close();

    const second = await createSimulator({ dataDir });
    sims.push(second);
    const again = (await second.listen(0, '127.0.0.1')).url;
    const sent = await json(again, `/requests/${id}?credentials=include`);
    expect(sent.credentials).toBe('masked');
    expect(sent.request_headers.authorization).toBe('Basic demo:***');
    expect(sent.request_body).toBe('{"email":"a@b.c","password":"***"}');
    expect(JSON.stringify(sent)).not.toContain('demo-secret');
  });
});
