// openapi.json of the partner API, both families, from the one list of endpoint contracts: requests from
// the zod schemas that validate them, responses from the zod schemas the contract test holds every
// response of the test suite to.
import { z } from 'zod';
import { ENDPOINTS, FAMILY_PREFIX, type Endpoint } from '../../../src-shared/endpoints';
import * as responses from '../../../src-shared/schemas/responses';
import { failureResponses, failuresOf } from './failures';
import { requestJsonSchema, tidy, type JsonSchema } from './json-schema';

// Each endpoint's success envelope, `<id>Success`, then the failure envelope: registered once, in this
// order, beside the resource components (which come first, as their modules load).
for (const e of ENDPOINTS) responses.successEnvelope(e.id, e.response(responses), e.message);
responses.failureEnvelope();

/** Every endpoint reads the query string merged with a body of any of these types (behaviour §4). */
const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;

export function responseComponents(): Record<string, JsonSchema> {
  const all = z.toJSONSchema(responses.partnerComponents, { uri: (id) => `#/components/schemas/${id}`, target: 'draft-2020-12', io: 'output' });
  return tidy(all.schemas) as Record<string, JsonSchema>;
}

function requestBody(e: Endpoint, schema: JsonSchema) {
  const content: Record<string, unknown> = {};
  for (const type of BODY_TYPES) {
    const withFile = type === 'multipart/form-data' && e.input === 'multipart-or-body';
    content[type] = {
      schema: withFile
        ? { ...schema, properties: { ...(schema.properties as object), profile: { type: 'string', format: 'binary' } } }
        : schema,
    };
  }
  return { required: true, description: 'Any field may also come in the query string; the body wins on a conflict.', content };
}

const GET_BODY = 'As the spec sends it. A client that cannot send a body with a GET (fetch) puts the fields in the query string instead; on a conflict the body wins.';

function successResponse(e: Endpoint) {
  const content: Record<string, unknown> = { 'application/json': { schema: { $ref: `#/components/schemas/${e.id}Success` } } };
  if (e.csv) content['text/csv'] = { schema: { type: 'string', description: 'With `export=csv`: the same rows as a CSV attachment, one header line, CRLF line ends.' } };
  return { description: `\`["${e.message}"]\``, content };
}

function operation(e: Endpoint) {
  const schema = e.schema ? requestJsonSchema(e.schema) : undefined;
  const parameters: unknown[] = [{
    name: 'name', in: 'path', required: true,
    description: e.family === 'application' ? "The app's name (slug)" : "The app's id (its name is accepted too)",
    schema: e.family === 'application' ? { type: 'string' } : { type: 'integer' },
  }];
  const op: JsonSchema = {
    operationId: e.id,
    summary: `${e.id} ${e.summary}`,
    tags: [e.family === 'application' ? 'Application family' : 'Client family'],
    parameters,
    security: e.auth === 'basic' ? [{ basic: [] }] : [],
    responses: { '200': successResponse(e), ...failuresOf(e) },
  };
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const fields = Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>);
  if (schema && e.input === 'query') {
    for (const [name, s] of fields) parameters.push({ name, in: 'query', required: required.has(name), schema: s });
  } else if (schema && e.method === 'GET') {
    // A9 and B7: the spec sends a JSON body with a GET, which fetch (and so openapi-fetch and every
    // fetch-based generated client) cannot do. The simulator reads the query string merged with the body,
    // so the fields are declared in both places; neither can be required on its own (the other may carry them).
    for (const [name, s] of fields)
      parameters.push({ name, in: 'query', required: false, schema: s, ...(required.has(name) ? { description: 'Required: here or in the body.' } : {}) });
    op.requestBody = { ...requestBody(e, schema), required: false, description: GET_BODY };
  } else if (schema) op.requestBody = requestBody(e, schema);
  return op;
}

export function partnerOpenApiDocument(version: string, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of ENDPOINTS) {
    const path = FAMILY_PREFIX[e.family] + e.path;
    paths[path] = { ...(paths[path] ?? {}), [e.method.toLowerCase()]: operation(e) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Veterinary tele-consult partner API (Vet Consult Simulator)', version },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { basic: { type: 'http', scheme: 'basic' } },
      schemas: responseComponents(),
      responses: failureResponses(),
    },
    paths,
  };
}
