// Holds one observed partner response to openapi.json: the operation the request reached, a status
// the operation declares, a declared content type, and a body valid against the declared schema
// (including the JSON text inside `stringify_response`). Returns the violations, [] when it conforms.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { partnerOpenApiDocument } from '../../src-main/core/openapi/partner-document';
import { ENDPOINTS, FAMILY_PREFIX } from '../../src-shared/endpoints';

export interface ObservedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string | undefined;
  body: unknown;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DOC_ID = 'https://vet-consult-simulator.local/openapi.json';
const doc = partnerOpenApiDocument('contract', 'http://127.0.0.1') as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(doc, DOC_ID);
const validators = new Map<string, ValidateFunction>();

/** A validator for `#/<pointer>` of the document (refs resolve against the whole document). */
function validatorAt(pointer: string): ValidateFunction {
  let v = validators.get(pointer);
  if (!v) validators.set(pointer, (v = ajv.compile({ $ref: `${DOC_ID}#${pointer}` })));
  return v;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const resolve = (node: Json): Json => (node?.$ref ? resolve(node.$ref.slice(1).split('/').slice(1).reduce((n: Json, k: string) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc)) : node);

const ROUTES = ENDPOINTS.map((e) => {
  const template = FAMILY_PREFIX[e.family] + e.path;
  const pattern = new RegExp(`^${template.replace('{name}', '[^/]+').replace(/[.]/g, '\\.')}/?$`);
  return { e, template, pattern };
});

export const isPartnerPath = (path: string) => path.startsWith('/api/') || path.startsWith('/client/');

function schemaErrors(pointer: string, value: unknown, where: string): string[] {
  const v = validatorAt(pointer);
  if (v(value)) return [];
  return (v.errors ?? []).map((err) => `${where}${err.instancePath || '/'} ${err.message}${err.params && 'additionalProperty' in err.params ? ` ("${err.params.additionalProperty}")` : ''}`);
}

/** The JSON document inside `data.stringify_response`, held to the contentSchema the document names. */
function stringifiedErrors(successComponent: string, body: Json): string[] {
  const data = resolve(resolve(doc.components.schemas[successComponent]).properties.data);
  const ref: string | undefined = data?.properties?.stringify_response?.contentSchema?.$ref;
  if (!ref) return [];
  const text = body?.data?.stringify_response;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return ['stringify_response is not JSON text'];
  }
  return schemaErrors(ref.slice(1), parsed, 'stringify_response');
}

export function partnerViolations(r: ObservedResponse): string[] {
  const method = r.method.toUpperCase();
  if (method === 'HEAD' || method === 'OPTIONS' || !isPartnerPath(r.path)) return [];
  const type = (r.contentType ?? '').split(';')[0].trim().toLowerCase();
  const route = ROUTES.find((x) => x.e.method === method && x.pattern.test(r.path));
  const envelopeStatus = (r.body as Json)?.status_code;
  const statusMatches = type !== 'application/json' || envelopeStatus === r.status ? [] : [`body status_code ${envelopeStatus} differs from HTTP ${r.status}`];
  if (!route) {
    // Unknown path (404) or known path with another method (405): the failure envelope, nothing else.
    if (r.status < 400) return [`${method} ${r.path} answered ${r.status} but the document has no such operation`];
    if (type !== 'application/json') return [`${method} ${r.path}: failure answered as ${type || 'no content type'}`];
    return [...statusMatches, ...schemaErrors('/components/schemas/Failure', r.body, `${method} ${r.path} → ${r.status}: body`)];
  }
  const opPointer = `/paths/${escapePointer(route.template)}/${method.toLowerCase()}`;
  const op = resolve(doc.paths[route.template][method.toLowerCase()]);
  const key = String(r.status) in op.responses ? String(r.status) : r.status >= 400 ? 'default' : undefined;
  const where = `${route.e.id} ${method} ${r.path} → ${r.status}`;
  if (!key) return [`${where}: status not declared`];
  const declared = resolve(op.responses[key]);
  if (!declared.content?.[type]) return [`${where}: content type ${type || '(none)'} not declared (declared: ${Object.keys(declared.content ?? {}).join(', ')})`];
  if (type !== 'application/json') return [];
  const pointer = op.responses[key].$ref
    ? `${op.responses[key].$ref.slice(1)}/content/application~1json/schema`
    : `${opPointer}/responses/${key}/content/application~1json/schema`;
  const errors = [...statusMatches, ...schemaErrors(pointer, r.body, `${where}: body`)];
  if (errors.length === 0 && r.status === 200) errors.push(...stringifiedErrors(`${route.e.id}Success`, r.body as Json).map((m) => `${where}: ${m}`));
  return errors;
}
