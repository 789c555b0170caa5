// Holds one observed control API response to openapi-control.json: a declared status, a declared
// content type, and a JSON body valid against the declared schema. Routes the document does not
// list are left alone (the partner check is the strict one; the control API may grow).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { controlOpenApiDocument } from '../../src-main/core/openapi/control-document';
import type { ObservedResponse } from './partner-contract';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PREFIX = '/__sim/v1';
const DOC_ID = 'https://vet-consult-simulator.local/openapi-control.json';
const doc = controlOpenApiDocument('contract', 'http://127.0.0.1') as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(doc, DOC_ID);
const validators = new Map<string, ValidateFunction>();

const ROUTES = Object.keys(doc.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
}));
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function controlViolations(r: ObservedResponse): string[] {
  if (!r.path.startsWith(`${PREFIX}/`)) return [];
  const path = r.path.slice(PREFIX.length);
  const method = r.method.toLowerCase();
  const route = ROUTES.find((x) => x.pattern.test(path) && doc.paths[x.template][method]);
  if (!route) return [];
  const op = doc.paths[route.template][method];
  const where = `control ${r.method.toUpperCase()} ${r.path} → ${r.status}`;
  const declared = op.responses[String(r.status)];
  if (!declared) return [`${where}: status not declared (declared: ${Object.keys(op.responses).join(', ')})`];
  const type = (r.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!declared.content?.[type]) return [`${where}: content type ${type || '(none)'} not declared`];
  if (type !== 'application/json') return [];
  const pointer = `/paths/${escapePointer(route.template)}/${method}/responses/${r.status}/content/application~1json/schema`;
  let v = validators.get(pointer);
  if (!v) validators.set(pointer, (v = ajv.compile({ $ref: `${DOC_ID}#${pointer}` })));
  if (v(r.body)) return [];
  return (v.errors ?? []).map((e) => `${where}: body${e.instancePath || '/'} ${e.message}`);
}
