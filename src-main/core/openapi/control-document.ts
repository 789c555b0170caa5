// openapi-control.json: the control API (/__sim/v1), generated from the one table of control routes
// (src-shared/control-api/routes.ts), so a script can generate a typed client for it as partners do for openapi.json.
import { z } from 'zod';
import * as A from '../../../src-shared/control-api/answers';
import type { ControlRouteSpec } from '../../../src-shared/control-api/define';
import { controlRoutes } from '../../../src-shared/control-api/routes';
import { requestJsonSchema, tidy, type JsonSchema } from './json-schema';

/** What every route may answer beyond its own refusals: the guards, the body reader and the error boundary. */
const GUARDS: Record<string, string> = {
  '400': 'The body is not valid JSON (or is nested past 64 levels).',
  '401': 'The bearer token is wrong (with --control-token).',
  '403': 'Not a loopback peer, a non-loopback Host header, or a cross-origin request.',
  '413': 'Body too large.',
  '415': 'A state-changing request sent as text/plain, urlencoded or multipart (CSRF guard), or an unsupported charset.',
  '429': 'Too many wrong control tokens from this address; Retry-After says when to try again.',
  '500': 'Unexpected error.',
};

const ROUTES = Object.values(controlRoutes) as ControlRouteSpec[];

// Every success body becomes a component (`<OperationId>Response` unless it has a name), so that bodies built
// from named parts (`{items: App[]}`) reference them instead of copying them.
for (const r of ROUTES) {
  if ((r.kind ?? 'json') === 'json' && !A.controlComponents.has(r.answer)) A.controlComponents.add(r.answer, { id: `${r.id[0].toUpperCase()}${r.id.slice(1)}Response` });
}
const componentRef = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${A.controlComponents.get(schema)!.id}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ControlError' } } } });

/** A parameter's documented schema: its own (`param` meta) or what its zod schema reads. */
function paramSchema(schema: z.ZodType): JsonSchema {
  const doc = (schema.meta() as { param?: JsonSchema } | undefined)?.param;
  return doc ?? requestJsonSchema(schema);
}

function parameters(r: ControlRouteSpec): JsonSchema[] {
  const shape = (o: z.ZodObject | undefined) => Object.entries((o?.shape ?? {}) as Record<string, z.ZodType>);
  return [
    ...shape(r.params).map(([name, s]) => ({ name, in: 'path', required: true, schema: paramSchema(s) })),
    ...shape(r.query).map(([name, s]) => ({ name, in: 'query', required: false, schema: paramSchema(s) })),
  ];
}

/** Each status a route may answer besides success: its own refusals (their codes and sentences) and the shared guards. */
function refusals(r: ControlRouteSpec): Record<string, unknown> {
  const own = new Map<string, string[]>();
  for (const f of r.refusals ?? []) own.set(String(f.status), [...(own.get(String(f.status)) ?? []), `\`${f.code}\`: ${f.sentence}`]);
  const statuses = new Set<string>(['403', '500', ...own.keys()]);
  if (r.method !== 'GET') statuses.add('415');
  if (r.body || r.kind === 'upload') statuses.add('413');
  if (r.body) statuses.add('400');
  if (r.params) statuses.add('404');
  const out: Record<string, unknown> = {};
  for (const s of [...statuses].sort()) out[s] = errorResponse(own.get(s)?.join(' ') ?? GUARDS[s] ?? 'No such resource.');
  return out;
}

function operation(r: ControlRouteSpec): JsonSchema {
  const content = r.content ?? { 'application/json': { schema: componentRef(r.answer) } };
  const success = r.kind === 'upload' ? { 'application/json': { schema: requestJsonSchema(r.answer) } } : content;
  const op: JsonSchema = {
    operationId: r.id, summary: r.summary, tags: [r.tag],
    responses: { [String(r.status ?? 200)]: { description: r.summary, content: success }, ...refusals(r) },
  };
  if (r.readOnly) op['x-read-only'] = true;
  if (r.destructive) op['x-destructive'] = true;
  const params = parameters(r);
  if (params.length) op.parameters = params;
  const body = r.documentedBody ?? r.body;
  if (body) op.requestBody = { required: true, content: { 'application/json': { schema: requestJsonSchema(body) } } };
  if (r.kind === 'upload') op.requestBody = { required: true, content: r.content };
  return op;
}

export function controlOpenApiDocument(version: string, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of ROUTES) paths[r.path] = { ...(paths[r.path] ?? {}), [r.method.toLowerCase()]: operation(r) };
  const schemas = z.toJSONSchema(A.controlComponents, { uri: (id: string) => `#/components/schemas/${id}`, target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }).schemas;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vet Consult Simulator control API',
      version,
      description:
        'Plain JSON (not the partner envelope). Served to loopback peers only, with a loopback Host header (or with `Authorization: Bearer <token>` under --control-token); no CORS. ' +
        'Every refusal is `{"error": {"code", "message", "details": [{"path", "message"}]}}`.',
    },
    servers: [{ url: `${serverUrl}/__sim/v1` }],
    components: { schemas: tidy(schemas) },
    paths,
  };
}
