// openapi.json, generated from the very zod schemas that validate requests.
import { z } from 'zod';
import { ENDPOINTS, FAMILY_PREFIX } from '../../../src-shared/endpoints';

const envelope = {
  type: 'object',
  required: ['success', 'status_code', 'message', 'data'],
  properties: {
    success: { type: 'boolean' },
    status_code: { type: 'integer' },
    message: { type: 'array', items: { type: 'string' } },
    data: {},
  },
};

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

export function openApiDocument(version: string, serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of ENDPOINTS) {
    const path = FAMILY_PREFIX[e.family] + e.path;
    const schema = e.schema ? jsonSchema(e.schema) : undefined;
    const op: Record<string, unknown> = {
      operationId: e.id,
      summary: `${e.id} ${e.summary}`,
      tags: [e.family === 'application' ? 'Application family' : 'Client family'],
      parameters: [
        {
          name: 'name', in: 'path', required: true,
          description: e.family === 'application' ? "The app's name (slug)" : "The app's id",
          schema: e.family === 'application' ? { type: 'string' } : { type: 'integer' },
        },
      ],
      security: e.auth === 'basic' ? [{ basic: [] }] : [],
      responses: {
        '200': { description: 'Success envelope', content: { 'application/json': { schema: envelope } } },
        default: { description: 'Failure envelope (data is [])', content: { 'application/json': { schema: envelope } } },
      },
    };
    if (schema && e.input === 'query') {
      const props = (schema.properties ?? {}) as Record<string, unknown>;
      const required = new Set((schema.required as string[]) ?? []);
      (op.parameters as unknown[]).push(...Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s })));
    } else if (schema) {
      const content: Record<string, unknown> = { 'application/json': { schema } };
      if (e.input === 'multipart-or-body')
        content['multipart/form-data'] = {
          schema: { ...schema, properties: { ...(schema.properties as object), profile: { type: 'string', format: 'binary' } } },
        };
      op.requestBody = { required: true, content };
    }
    paths[path] = { ...(paths[path] ?? {}), [e.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Veterinary tele-consult partner API (Vet Consult Simulator)', version },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
    paths,
  };
}
