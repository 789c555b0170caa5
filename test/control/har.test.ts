// Issue 13, the HAR export: the journal's filters, raw request bodies (multipart as params), real byte
// sizes, statusText, millisecond times, a structurally valid HAR 1.2 log, and an explicit credentials
// export that replays the README walk-throughs against a fresh simulator with every status equal, and
// a multipart upload that replays from HAR 1.2 fields alone (the file's bytes in `value`).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';
import { pageScript, shellBlocks } from '../cli/shell-blocks';

const DEMO = `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`;
const sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});
async function started() {
  const sim = await createSimulator({ inMemory: true });
  sims.push(sim);
  return { sim, url: (await sim.listen(0, '127.0.0.1')).url };
}

interface HarParam { name: string; value?: string; fileName?: string; contentType?: string; _size?: number; _content?: string }
interface HarEntry {
  startedDateTime: string;
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { mimeType: string; text?: string; params?: HarParam[] }; bodySize: number };
  response: { status: number; statusText: string; bodySize: number; content: { size: number; text?: string } };
}
const harOf = async (url: string, query = '') => (await (await fetch(`${url}/__sim/v1/requests.har${query}`)).json()) as { log: { entries: HarEntry[] } };

/** HTTP with a body on any method (A9 and B7 are GETs with a JSON body, which fetch refuses). */
function send(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers: body ? { ...headers, 'content-length': String(body.length) } : headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const HOP_HEADERS = new Set(['host', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);
/** The entry as a HAR 1.2 reader sees it: without the exporter's own `_` fields. */
const specOnly = (entry: HarEntry): HarEntry => JSON.parse(JSON.stringify(entry, (k, v: unknown) => (k.startsWith('_') ? undefined : v)));
/**
 * Replays one HAR entry elsewhere from HAR 1.2 fields only: same method, path, query, headers and body.
 * A file part is `value` as its content, `fileName` and `contentType`; the value is a binary string (one
 * character per byte), as the export documents (har.ts), so each character is written as one byte.
 */
async function replay(entry: HarEntry, baseUrl: string) {
  const { request } = specOnly(entry);
  const target = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const h of request.headers) if (!HOP_HEADERS.has(h.name)) headers[h.name] = h.value;
  let body: Buffer | undefined;
  const post = request.postData;
  if (post?.params) {
    const form = new FormData();
    for (const p of post.params) {
      if (p.fileName !== undefined) form.append(p.name, new Blob([Buffer.from(p.value ?? '', 'latin1')], { type: p.contentType }), p.fileName);
      else form.append(p.name, p.value ?? '');
    }
    const encoded = new Response(form);
    headers['content-type'] = encoded.headers.get('content-type')!;
    body = Buffer.from(await encoded.arrayBuffer());
  } else if (post?.text !== undefined) body = Buffer.from(post.text);
  return send(entry.request.method, `${baseUrl}${target.pathname}${target.search}`, headers, body);
}

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the required fields and their types. */
function harProblems(har: unknown): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => void (ok || problems.push(what));
  const isStr = (v: unknown) => typeof v === 'string';
  const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  const pairs = (v: unknown, what: string) => {
    need(Array.isArray(v), `${what} is an array`);
    for (const p of (v as { name: unknown; value: unknown }[]) ?? []) need(isStr(p.name) && isStr(p.value), `${what} items have string name and value`);
  };
  const log = (har as { log?: Record<string, unknown> }).log;
  need(!!log && log.version === '1.2', 'log.version is 1.2');
  const creator = log?.creator as Record<string, unknown> | undefined;
  need(isStr(creator?.name) && isStr(creator?.version), 'log.creator has name and version');
  need(Array.isArray(log?.entries), 'log.entries is an array');
  for (const [i, e] of ((log?.entries as Record<string, any>[]) ?? []).entries()) {
    const at = `entries[${i}]`;
    need(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}(Z|[+-]\d\d:\d\d)$/.test(e.startedDateTime), `${at}.startedDateTime is ISO 8601 with ms`);
    need(isNum(e.time) && e.time >= 0, `${at}.time`);
    const q = e.request;
    need(isStr(q?.method) && isStr(q?.httpVersion) && URL.canParse(q?.url), `${at}.request method, url, httpVersion`);
    need(Array.isArray(q?.cookies), `${at}.request.cookies`);
    pairs(q?.headers, `${at}.request.headers`);
    pairs(q?.queryString, `${at}.request.queryString`);
    need(isNum(q?.headersSize) && isNum(q?.bodySize), `${at}.request sizes`);
    if (q?.postData) {
      need(isStr(q.postData.mimeType), `${at}.postData.mimeType`);
      need((q.postData.text === undefined) !== (q.postData.params === undefined), `${at}.postData has text or params`);
      for (const p of q.postData.params ?? []) need(isStr(p.name) && ['value', 'fileName', 'contentType'].every((k) => p[k] === undefined || isStr(p[k])), `${at}.postData.params`);
    }
    const r = e.response;
    need(isNum(r?.status) && isStr(r?.statusText) && isStr(r?.httpVersion) && isStr(r?.redirectURL), `${at}.response status, statusText, httpVersion, redirectURL`);
    need(Array.isArray(r?.cookies), `${at}.response.cookies`);
    pairs(r?.headers, `${at}.response.headers`);
    need(isNum(r?.content?.size) && isStr(r?.content?.mimeType), `${at}.response.content size and mimeType`);
    need(isNum(r?.headersSize) && isNum(r?.bodySize), `${at}.response sizes`);
    need(!!e.cache && typeof e.cache === 'object', `${at}.cache`);
    need(['send', 'wait', 'receive'].every((k) => isNum(e.timings?.[k]) && e.timings[k] >= -1), `${at}.timings`);
  }
  return problems;
}

describe('HAR export (issue 13)', () => {
  it('is valid HAR 1.2 with raw bodies, multipart params, real byte sizes, statusText and ms times', async () => {
    const { url } = await started();
    const json = '{"email": "ann@example.com",  "name": "Rex", "age": "2 years", "sex": "male", "species": "dog", "note": "é"}';
    await send('POST', `${url}/api/v2/demo/pet/add`, { authorization: DEMO, 'content-type': 'application/json' }, Buffer.from(json));
    const form = 'email=ann%40example.com&pet_id=1&pet%5Bcolor%5D=grey';
    await send('POST', `${url}/api/v2/demo/pet/update`, { authorization: DEMO, 'content-type': 'application/x-www-form-urlencoded' }, Buffer.from(form));
    const multipart = new FormData();
    multipart.append('email', 'ann@example.com');
    multipart.append('pet[color]', 'grey');
    multipart.append('profile', new Blob([new Uint8Array(8)], { type: 'image/png' }), 'miso.png');
    const encoded = new Response(multipart);
    const mpBody = Buffer.from(await encoded.arrayBuffer());
    await send('POST', `${url}/api/v2/demo/pet/update`, { authorization: DEMO, 'content-type': encoded.headers.get('content-type')! }, mpBody);
    const list = await send('GET', `${url}/client/user/1/v2/pet/list?email=nobody%40example.com`, {});

    const har = await harOf(url);
    expect(harProblems(har)).toEqual([]);
    const [add, update, upload, get] = har.log.entries;
    expect(add.startedDateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(add.request.postData).toEqual({ mimeType: 'application/json', text: json });
    expect(add.request.bodySize).toBe(Buffer.byteLength(json));
    expect(add.response).toMatchObject({ status: 404, statusText: 'Not Found' });
    expect(update.request.postData).toEqual({ mimeType: 'application/x-www-form-urlencoded', text: form });
    expect(upload.request.postData!.params).toEqual([
      { name: 'email', value: 'ann@example.com' }, { name: 'pet[color]', value: 'grey' },
      { name: 'profile', value: '\0'.repeat(8), fileName: 'miso.png', contentType: 'image/png', _size: 8, _content: Buffer.alloc(8).toString('base64') },
    ]);
    expect(upload.request.bodySize).toBe(mpBody.length);
    expect(get.request.bodySize).toBe(0);
    expect(get.request.postData).toBeUndefined();
    expect(get.response.bodySize).toBe(Buffer.byteLength(list.text));
    expect(get.response.content.size).toBe(Buffer.byteLength(list.text));
  });

  it('honours the journal filters', async () => {
    const { url } = await started();
    await send('GET', `${url}/api/v2/demo/media-url`, {});
    await send('GET', `${url}/api/v2/demo/pet/list?email=a%40b.co`, { authorization: DEMO });
    await send('GET', `${url}/client/user/1/v2/pet/list?email=a%40b.co`, {});
    const urls = async (q: string) => (await harOf(url, q)).log.entries.map((e) => new URL(e.request.url).pathname);
    expect(await urls('?endpoint=A5')).toEqual(['/api/v2/demo/pet/list']);
    expect(await urls('?family=client')).toEqual(['/client/user/1/v2/pet/list']);
    expect(await urls('?status=2xx')).toEqual(['/api/v2/demo/media-url']);
    expect(await urls('?q=media')).toEqual(['/api/v2/demo/media-url']);
    expect(await urls(`?from=${Date.now() + 3_600_000}`)).toEqual([]);
    expect(await urls('?limit=2')).toEqual(['/api/v2/demo/pet/list', '/client/user/1/v2/pet/list']);
    const bad = await fetch(`${url}/__sim/v1/requests.har?credentials=yes`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ error: { code: 'invalid', message: 'credentials: expected "include" or "omit".', details: [{ path: 'credentials', message: 'expected "include" or "omit".' }] } });
  });

  it("exports the request log's view: its text filter, status chips and the id range it holds (issue 28)", async () => {
    const { url } = await started();
    await send('GET', `${url}/api/v2/demo/media-url`, {});
    await send('GET', `${url}/api/v2/demo/pet/list?email=a%40b.co`, { authorization: DEMO });
    await send('GET', `${url}/client/user/1/v2/pet/list?email=a%40b.co`, {});
    await send('POST', `${url}/api/v2/demo/pet/add`, { authorization: DEMO, 'content-type': 'application/json' }, Buffer.from('{"email":"zebra@b.co"}'));
    const paths = async (q: string) => (await harOf(url, q)).log.entries.map((e) => new URL(e.request.url).pathname);
    const journal = ((await (await fetch(`${url}/__sim/v1/requests`)).json()) as { items: { id: number; path: string; status: number }[] }).items.reverse();
    const where = (test: (r: (typeof journal)[number]) => boolean) => journal.filter(test).map((r) => r.path);
    // As the UI matches: path text, an endpoint or a method in any case, a status; 3+ characters also search the bodies.
    expect(await paths('?text=pet/list')).toEqual(['/api/v2/demo/pet/list', '/client/user/1/v2/pet/list']);
    expect(await paths('?text=a5')).toEqual(['/api/v2/demo/pet/list']);
    expect(await paths('?text=post')).toEqual(['/api/v2/demo/pet/add']);
    expect(await paths('?text=zebra')).toEqual(['/api/v2/demo/pet/add']);
    expect(await paths(`?text=${journal[1].status}`)).toEqual(where((r) => r.status === journal[1].status));
    expect(await paths('?chips=4xx')).toEqual(where((r) => r.status >= 400 && r.status < 500));
    expect(await paths('?chips=2xx,5xx')).toEqual(where((r) => r.status < 300 || r.status >= 500));
    // A cleared or paused view holds an id range: only its rows.
    expect(await paths(`?after=${journal[0].id}&before=${journal[3].id}`)).toEqual([journal[1].path, journal[2].path]);
    expect(await paths('?text=pet&family=client&after=0')).toEqual(['/client/user/1/v2/pet/list']);
  });

  it('after a restart, credentials=include falls back to the app\'s current Basic credentials and api_key; other secrets stay masked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vet-sim-har-'));
    const first = await createSimulator({ dataDir });
    const { url } = await first.listen(0, '127.0.0.1');
    await send('GET', `${url}/api/v2/demo/pet/list?email=a%40b.co`, { authorization: DEMO });
    const b11 = '{"api_key":"demo-api-key","email":"a@b.co","status":"upgrade","role":"protect_users","password":"Never-kept"}';
    await send('POST', `${url}/client/user/1/v2/actions`, { 'content-type': 'application/json' }, Buffer.from(b11));
    await first.close();
    const again = await createSimulator({ dataDir });
    sims.push(again);
    const { url: url2 } = await again.listen(0, '127.0.0.1');
    const [a5, actions] = (await harOf(url2, '?credentials=include')).log.entries;
    expect(a5.request.headers).toContainEqual({ name: 'authorization', value: DEMO });
    expect(actions.request.postData!.text).toBe(b11.replace('Never-kept', '***'));
    const [maskedA5] = (await harOf(url2)).log.entries;
    expect(maskedA5.request.headers).toContainEqual({ name: 'authorization', value: 'Basic demo:***' });
  });

  it('carries an uploaded file in params[].value, so a replay from HAR 1.2 fields alone gets the same statuses (A3 with a PNG photo)', async () => {
    const { url } = await started();
    const json = (path: string, body: object) =>
      send('POST', `${url}/api/v2/demo${path}`, { authorization: DEMO, 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)));
    const upload = async (name: string, bytes: Buffer<ArrayBuffer>) => {
      const form = new FormData();
      form.append('email', 'ann@example.com');
      form.append('pet_id', '1');
      form.append('profile', new Blob([bytes], { type: 'image/png' }), name);
      const encoded = new Response(form);
      return send('POST', `${url}/api/v2/demo/pet/update`, { authorization: DEMO, 'content-type': encoded.headers.get('content-type')! }, Buffer.from(await encoded.arrayBuffer()));
    };
    // A 1×1 PNG: NULs and bytes from 0x80 up, none of it UTF-8 text. Images are typed by their bytes, so
    // only an upload of these very bytes answers 200; the text file "named" .png answers 422.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2f9a8b80000000049454e44ae426082', 'hex');
    expect((await json('/register-user', { first_name: 'Ann', email: 'ann@example.com', role: 'users', dev_type: 'ios' })).status).toBe(200);
    expect((await json('/pet/add', { email: 'ann@example.com', name: 'Rex', age: '2 years', sex: 'male', species: 'dog' })).status).toBe(200);
    expect((await upload('rex.png', png)).status).toBe(200);
    expect((await upload('notes.png', Buffer.from('not an image'))).status).toBe(422);

    const recorded = (await harOf(url, '?credentials=include')).log.entries;
    const file = specOnly(recorded[2]).request.postData!.params!.find((p) => p.fileName === 'rex.png')!;
    expect(file).toEqual({ name: 'profile', value: png.toString('latin1'), fileName: 'rex.png', contentType: 'image/png' });
    const fresh = await started();
    const replayed: number[] = [];
    for (const e of recorded) replayed.push((await replay(e, fresh.url)).status);
    expect(replayed).toEqual([200, 200, 200, 422]);
    expect(replayed).toEqual(recorded.map((e) => e.response.status));
  });

  it('keeps an empty JSON body of a control call (PUT /faults [] disarms): its replay sends the [] and gets 200, not 422', async () => {
    const { url } = await started();
    const put = (body: string) => fetch(`${url}/__sim/v1/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
    expect((await put('[{"endpoint":"A8","status":503}]')).status).toBe(200);
    expect((await put('[]')).status).toBe(200);
    const puts = (await harOf(url, '?control=include')).log.entries.filter((e) => e.request.method === 'PUT');
    expect(puts.map((e) => e.request.postData?.text)).toEqual(['[{"endpoint":"A8","status":503}]', '[]']);
  });

  it('puts credentials back only when asked: the docs walk-throughs, the vet side included, replay on a fresh simulator with equal statuses', async () => {
    const { url } = await started();
    // Every shell block of docs/walkthroughs.md, in order: both families, the consultations played from the vet's side.
    expect(shellBlocks('docs/walkthroughs.md').filter((b) => b.run).length).toBeGreaterThanOrEqual(3);
    // Asynchronously: the simulator answering curl runs in this very process.
    await promisify(execFile)('bash', ['-c', pageScript('docs/walkthroughs.md')], {
      cwd: mkdtempSync(join(tmpdir(), 'vet-sim-har-')), env: { ...process.env, SIM: url }, timeout: 60_000,
    });

    const masked = JSON.stringify(await harOf(url));
    expect(masked).not.toContain('demo-secret');
    expect(masked).not.toContain('s3cret-pass');
    expect((await harOf(url, '?credentials=include')).log.entries.every((e) => !e.request.url.includes('/__sim/'))).toBe(true);
    const har = await harOf(url, '?credentials=include&control=include');
    const recorded = har.log.entries;
    expect(recorded.length).toBeGreaterThanOrEqual(35);
    expect(recorded.map((e) => e.response.status)).toContain(402); // the declined card is part of the walk-through
    const paths = recorded.map((e) => `${e.request.method} ${new URL(e.request.url).pathname}`);
    expect(paths[0]).toBe('POST /__sim/v1/reset'); // the walk-through starts over
    const accept = paths.findIndex((p) => /^POST \/__sim\/v1\/consultations\/CH[0-9a-f]{32}\/accept$/.test(p));
    expect(accept).toBeGreaterThan(paths.indexOf('POST /api/v2/demo/talk-to-vet')); // the vet accepts after the partner asked
    expect(accept).toBeLessThan(paths.indexOf('POST /api/v2/demo/end'));
    expect(JSON.stringify(har)).toContain('s3cret-pass');

    const fresh = await started();
    const replayed: number[] = [];
    for (const e of recorded) replayed.push((await replay(e, fresh.url)).status);
    expect(replayed).toEqual(recorded.map((e) => e.response.status));
  }, 90_000);
});
