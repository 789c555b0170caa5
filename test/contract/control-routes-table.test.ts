// Issue 36: each control route is declared once. For every entry of the table, the router answers it, the
// OpenAPI operation carries the same schemas, and the typed client has the method; and nothing else in src-*
// spells a control path (a second declaration would drift from the table, as the UI's copies once did).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../../src-shared/control-api/client';
import { pathOf, type ControlRouteSpec } from '../../src-shared/control-api/define';
import { controlRoutes } from '../../src-shared/control-api/routes';
import { requestJsonSchema } from '../../src-main/core/openapi/json-schema';
import { controlOpenApiDocument } from '../../src-main/core/openapi/control-document';
import { createSimulator, type Simulator } from '../../src-main/core/simulator';

const ROUTES = Object.values(controlRoutes) as ControlRouteSpec[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const doc = controlOpenApiDocument('t', 'http://127.0.0.1') as any;

let sim: Simulator;
let origin: string;
beforeAll(async () => {
  sim = await createSimulator({ inMemory: true, random: () => 0 });
  origin = (await sim.listen(0)).url;
});
afterAll(() => sim.close());

describe.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('is answered by the control router (never "No such control route.")', async () => {
    const path = pathOf(route.path, Object.fromEntries(Object.keys(route.params?.shape ?? {}).map((k) => [k, 'x1'])));
    // A stream would not end; a destructive call would empty the world the other checks read: asked with a body they refuse.
    const ac = new AbortController();
    const res = await fetch(`${origin}/__sim/v1${path}`, {
      method: route.method, signal: ac.signal,
      headers: route.method === 'GET' ? {} : { 'content-type': route.kind === 'upload' ? 'application/json' : 'application/json' },
      body: route.method === 'GET' ? undefined : route.id === 'reset' ? '{"clock":"never"}' : '{}',
    });
    const text = route.kind === 'stream' ? (ac.abort(), '') : await res.text();
    expect(res.status, text).not.toBe(405);
    expect(text).not.toContain('No such control route.');
  });

  it('has its OpenAPI operation with the same id, parameters and body schema', () => {
    const op = doc.paths[route.path]?.[route.method.toLowerCase()];
    expect(op?.operationId).toBe(route.id);
    expect(op.summary).toBe(route.summary);
    const names = (op.parameters ?? []).map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort();
    expect(names).toEqual([...Object.keys(route.params?.shape ?? {}).map((n) => `path:${n}`), ...Object.keys(route.query?.shape ?? {}).map((n) => `query:${n}`)].sort());
    const body = route.documentedBody ?? route.body;
    if (body) expect(op.requestBody.content['application/json'].schema).toEqual(requestJsonSchema(body));
    for (const refusal of route.refusals ?? []) expect(op.responses[String(refusal.status)].description).toContain(refusal.code);
  });

  it('has its typed client method', () => {
    const client = createControlClient({ origin: 'http://127.0.0.1:1' }) as unknown as Record<string, unknown>;
    expect(typeof client[route.id]).toBe('function');
  });
});

it('the table and the document have the same operations, no more', () => {
  const operations = Object.values(doc.paths).flatMap((p) => Object.values(p as object).map((o: { operationId: string }) => o.operationId));
  expect(operations.sort()).toEqual(ROUTES.map((r) => r.id).sort());
  expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
});

/** Source files of the app outside the table's own folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return p.endsWith('control-api') || name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

const firstSegments = [...new Set(ROUTES.map((r) => r.path.split(/[/.?]/)[1]))].join('|');
const prefixed = new RegExp(`['"\`]/__sim/v1/(?:${firstSegments})\\b`);

it('nothing else in src-* spells a control path or calls the control API by a path', () => {
  // Anywhere: the control prefix followed by a route's path. In the UI and the package's client (which talk to the
  // control API only) a bare route path too; elsewhere a bare '/feedback' may be a partner path (A11).
  const bare = new RegExp(`['"\`]/(?:${firstSegments})(?:[/?'"\`]|\\.json)`);
  const pathCall = /\bapi\.(?:get|post|put|patch|del|upload)\s*(?:<[^>]*>)?\(/;
  const found: string[] = [];
  for (const file of ['src-main', 'src-renderer/src', 'src-shared'].flatMap((d) => sources(d))) {
    const clientSide = file.startsWith('src-renderer') || file.startsWith(join('src-main', 'api'));
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '').trim();
      if (code.startsWith('*') || code.startsWith('/*')) return;
      if (prefixed.test(code) || pathCall.test(code) || (clientSide && bare.test(code))) found.push(`${file}:${i + 1}: ${code.slice(0, 120)}`);
    });
  }
  expect(found).toEqual([]);
});

it('the path check finds a path spelt by hand (it can fail)', () => {
  expect(prefixed.test("fetch('/__sim/v1/consultations/' + sid + '/accept')")).toBe(true);
  expect(prefixed.test("fetch(`/api/v2/${app}/feedback`)")).toBe(false);
});
