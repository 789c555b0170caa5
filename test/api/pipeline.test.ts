// Issue 14: partner routes are answered by the lean node:http pipeline, and (issue 36) the control API by its own
// node:http router. A listening simulator hands them over before express; the UI, media and the rest go through
// express. Behaviour is that of §4 either way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_AUTH, makeSim, type Harness } from '../helpers';

let h: Harness;
let url: string;
beforeEach(async () => {
  h = await makeSim();
  url = (await h.sim.listen(0)).url;
});
afterEach(async () => h.sim.close());

const envelope = (status: number, message: string[], data: unknown = []) => ({ success: status < 400, status_code: status, message, data });

describe('a listening simulator', () => {
  it('answers partner URLs and the control API without entering express, and everything else through it', async () => {
    const handle = vi.spyOn(h.sim.app as unknown as { handle: (...a: unknown[]) => unknown }, 'handle');
    const a1 = await fetch(`${url}/api/v2/demo/media-url`);
    expect(a1.status).toBe(200);
    expect(await a1.json()).toEqual(envelope(200, ['Media URL'], { media_url: `${url}/media/demo/` }));
    const b5 = await fetch(`${url}/client/user/1/v2/nope`, { method: 'POST' });
    expect(await b5.json()).toEqual(envelope(404, ['Route Not Found']));
    expect(handle).not.toHaveBeenCalled();

    const health = await fetch(`${url}/__sim/v1/health`);
    expect(health.status).toBe(200);
    expect(handle).not.toHaveBeenCalled();
    // Not a partner URL: express finds no route and hands it to the pipeline, which answers the envelope.
    const nowhere = await fetch(`${url}/nowhere`);
    expect(handle).toHaveBeenCalledTimes(1);
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get('content-type')).toBe('application/json');
    expect(await nowhere.json()).toEqual(envelope(404, ['Route Not Found']));
  });

  it('records a partner request in the journal with the headers it answered', async () => {
    const r = await fetch(`${url}/api/v2/demo/pet/list?email=nobody@example.com`, { headers: { authorization: DEMO_AUTH, origin: 'https://app.example' } });
    expect(r.status).toBe(404);
    const text = await r.text();
    const [summary] = (await h.ctl.get('/requests')).body.items;
    expect(summary).toMatchObject({ endpoint: 'A5', family: 'application', app: 'demo', method: 'GET', path: '/api/v2/demo/pet/list', status: 404 });
    const entry = (await h.ctl.get(`/requests/${summary.id}`)).body;
    expect(entry.query).toBe('email=nobody@example.com');
    expect(entry.request_headers.authorization).toBe('Basic demo:***');
    expect(entry.response_body).toBe(text);
    expect(entry.error).toBeNull();
    expect(entry.response_headers).toMatchObject({
      'access-control-allow-origin': '*',
      'x-ratelimit-limit': '200',
      'x-ratelimit-remaining': '199',
      date: r.headers.get('date'),
      'cache-control': 'no-cache, private',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    });
    // Laravel's ThrottleRequests sends X-RateLimit-Reset with a 429 only (issue 35 #20).
    expect(r.headers.get('x-ratelimit-reset')).toBeNull();
    expect(entry.response_headers).not.toHaveProperty('x-ratelimit-reset');
  });

  it('answers HEAD as GET without a body', async () => {
    const get = await fetch(`${url}/api/v2/demo/media-url`);
    const body = await get.text();
    const head = await fetch(`${url}/api/v2/demo/media-url`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(await head.text()).toBe('');
  });

  it('over the limit: 429 with Retry-After and x-ratelimit-reset, counted per app', async () => {
    await h.ctl.patch('/apps/1', { rate_limit_per_minute: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${url}/api/v2/demo/media-url`)).status);
    const over = await fetch(`${url}/api/v2/demo/media-url`);
    expect([...statuses, over.status]).toEqual([200, 200, 429, 429]);
    expect(await over.json()).toEqual(envelope(429, ['Too Many Attempts.']));
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(Number(over.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
  });
});

describe('conditional requests', () => {
  // A Laravel service has no ETag middleware: `If-None-Match: *` is answered in full, never 304 with no envelope.
  it('If-None-Match: * still gets the 200 envelope', async () => {
    const r = await h.http.get('/api/v2/demo/media-url').set('if-none-match', '*');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(envelope(200, ['Media URL'], { media_url: `http://${new URL(r.request.url).host}/media/demo/` }));
    const s = await fetch(`${url}/api/v2/demo/media-url`, { headers: { 'if-none-match': '*' } });
    expect(s.status).toBe(200);
  });
});
