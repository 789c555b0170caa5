// The control API has its own OpenAPI document: typed responses a script can generate a client from,
// and a contract every control response of the test suite is held to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlOpenApiDocument } from '../../src-main/core/openapi/control-document';
import { makeSim, type Harness } from '../helpers';
import { controlViolations } from './control-contract';
import { compileAgainst } from './typed-client';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let h: Harness;
const doc = controlOpenApiDocument('9.9.9', 'http://127.0.0.1:4010') as Json;
beforeAll(async () => (h = await makeSim()));
afterAll(async () => h.sim.close());

describe('controlOpenApiDocument()', () => {
  it('is OpenAPI 3.1 served under /__sim/v1 and lists every route of behaviour §12', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.9.9');
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:4010/__sim/v1' }]);
    const routes = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${p}`));
    for (const r of ['GET /health', 'GET /apps', 'POST /apps', 'PATCH /apps/{id}', 'POST /apps/{id}/token', 'GET /vets', 'PATCH /vets/{id}', 'GET /users', 'GET /pets',
      'GET /payments', 'GET /consultations', 'GET /consultations/{sid}', 'POST /consultations/{sid}/accept', 'POST /consultations/{sid}/end',
      'POST /consultations/{sid}/outcome', 'PUT /consultations/{sid}/feedback', 'GET /requests', 'GET /requests/{id}', 'DELETE /requests', 'GET /events',
      'GET /clock', 'POST /clock', 'GET /faults', 'PUT /faults', 'POST /reset', 'GET /snapshot', 'POST /snapshot', 'GET /openapi.json'])
      expect(routes, r).toContain(r);
  });

  it('types the bodies and the error shape; request bodies come from the zod schemas the routes parse with', () => {
    expect(doc.paths['/apps'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ListAppsResponse' });
    expect(doc.components.schemas.ListAppsResponse.properties.items).toEqual({ type: 'array', items: { $ref: '#/components/schemas/App' } });
    expect(doc.components.schemas.App.properties.rate_limit_per_minute).toEqual({ type: 'integer' });
    expect(doc.paths['/apps'].post.responses['201']).toBeDefined();
    expect(doc.paths['/apps'].post.responses['415'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ControlError' });
    expect(doc.paths['/consultations/{sid}/outcome'].post.requestBody.content['application/json'].schema.properties.status.enum).toEqual(['accepted', 'declined', 'notanswered']);
    expect(doc.paths['/snapshot'].get.responses['200'].content).toHaveProperty('application/vnd.sqlite3');
  });

  it('documents only routes that exist: every parameterless GET answers 200 from the running simulator', async () => {
    const gets = Object.entries(doc.paths).filter(([p, item]) => (item as Json).get && !p.includes('{') && !['/events'].includes(p));
    expect(gets.length).toBeGreaterThan(10);
    for (const [p] of gets) expect((await h.ctl.get(p)).status, p).toBe(200);
  });
});

describe('the control contract check', () => {
  const health = async () => (await h.ctl.get('/health')).body;

  it('passes the real answer and catches a wrong type, a missing field and an undeclared status', async () => {
    const body = await health();
    const seen = (b: unknown, status = 200) => controlViolations({ method: 'GET', path: '/__sim/v1/health', status, contentType: 'application/json', body: b });
    expect(seen(body)).toEqual([]);
    expect(seen({ ...body, journal_count: '3' })).toEqual([expect.stringContaining('body/journal_count must be integer')]);
    const { version: _v, ...noVersion } = body;
    expect(seen(noVersion)).toEqual([expect.stringContaining("must have required property 'version'")]);
    expect(seen(body, 418)).toEqual([expect.stringContaining('status not declared')]);
  });
});

it('a client generated from the control document compiles reading typed fields, and refuses a wrong type', async () => {
  const client = (body: string) => `
import createClient from 'openapi-fetch';
import type { paths } from './schema';
const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010/__sim/v1' });
export async function use() {
${body}
}`;
  const diagnostics = await compileAgainst(doc, {
    'good.ts': client(`
  const apps = (await client.GET('/apps')).data!;
  const key: string = apps.items[0].api_key;
  const online: boolean = (await client.PATCH('/vets/{id}', { params: { path: { id: 'vet_1' } }, body: { online: true } })).data!.online;
  const queue = (await client.GET('/consultations', { params: { query: { status: 'waiting', type: 'chat' } } })).data!;
  const sid: string = queue.items[0].sid;
  const stats: boolean = (await client.GET('/users/{id}', { params: { path: { id: 1 } } })).data!.emergency_stats.can_activate_Emergency;
  return [key, online, sid, stats, queue.total];`),
    'bad.ts': client(`
  const apps = (await client.GET('/apps')).data!;
  const n: number = apps.items[0].name;
  await client.POST('/consultations/{sid}/outcome', { params: { path: { sid: 'RM1' } }, body: { status: 'maybe' } });
  return n;`),
  });
  expect(diagnostics['good.ts']).toEqual([]);
  expect(diagnostics['bad.ts']).toEqual([
    "Type 'string' is not assignable to type 'number'.",
    expect.stringMatching(/Type '"maybe"' is not assignable to type '"accepted" \| "declined" \| "notanswered"'/),
  ]);
}, 60_000);
