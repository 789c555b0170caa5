// What an MCP tool reads from the control route table (src-shared/control-api/routes.ts): the fields of its input
// (each route's path parameters, query parameters and JSON body), its description (the routes' summaries), its
// annotations (readOnly/destructive) and the schema of what it answers. Nothing here spells a control path or a
// field by hand: a route that gains a field gains it in its tool too.
import { z } from 'zod';
import type { ControlRouteSpec } from '../../../src-shared/control-api/define';
import { CONTROL_BASE, controlRoutes, type ControlRouteId } from '../../../src-shared/control-api/routes';

export type Fields = Record<string, z.ZodType>;
type JsonSchema = Record<string, unknown>;

export const routeOf = (id: ControlRouteId): ControlRouteSpec => controlRoutes[id] as ControlRouteSpec;

/** The routes' ids that exist in the table now (a tool over a route another change adds is skipped until it lands). */
export const hasRoute = (id: string): id is ControlRouteId => Object.hasOwn(controlRoutes, id);

/**
 * A lenient query or path parameter (`z.unknown().transform(…)`) documents itself with `param` meta: the tool's
 * input takes that documented type strictly, so a wrong call is refused before it reaches the simulator.
 */
function fromParamDoc(doc: JsonSchema | undefined, fallback: z.ZodType): z.ZodType {
  if (!doc) return fallback;
  const description = typeof doc.description === 'string' ? doc.description : undefined;
  let schema: z.ZodType;
  if (Array.isArray(doc.enum)) schema = z.enum(doc.enum as [string, ...string[]]);
  else if (doc.type === 'integer' || doc.type === 'number') {
    let n = doc.type === 'integer' ? z.number().int() : z.number();
    if (typeof doc.minimum === 'number') n = n.min(doc.minimum);
    if (typeof doc.maximum === 'number') n = n.max(doc.maximum);
    schema = n;
  } else if (doc.type === 'boolean') schema = z.boolean();
  else schema = z.string();
  return description ? schema.describe(description) : schema;
}

const paramDoc = (schema: z.ZodType) => (schema.meta() as { param?: JsonSchema } | undefined)?.param;

function shapeFields(object: z.ZodObject | undefined, strictFromDoc: boolean): Fields {
  const fields: Fields = {};
  for (const [key, schema] of Object.entries(object?.shape ?? {}) as [string, z.ZodType][]) {
    fields[key] = strictFromDoc ? fromParamDoc(paramDoc(schema), schema) : schema;
  }
  return fields;
}

/** The object shapes a body may take: one object, each option of a union of objects, or none (a body read as a whole). */
function bodyShapes(spec: ControlRouteSpec): z.ZodObject[] | undefined {
  const documented = (spec.documentedBody ?? spec.body) as z.ZodType | undefined;
  if (!documented) return [];
  if (documented instanceof z.ZodObject) return [documented];
  if (documented instanceof z.ZodUnion && documented.options.every((o) => o instanceof z.ZodObject)) return documented.options as z.ZodObject[];
  return undefined;
}

export interface RouteFields {
  params: Fields;
  query: Fields;
  /** undefined: the body is one document (a scenario, a list), taken whole as the input field `document`. */
  body: Fields | undefined;
}

export function routeFields(spec: ControlRouteSpec): RouteFields {
  const shapes = bodyShapes(spec);
  return {
    params: shapeFields(spec.params, true),
    query: shapeFields(spec.query, true),
    body: shapes && Object.assign({}, ...shapes.map((s) => shapeFields(s, false))),
  };
}

/** The document a whole-body route takes (its documented schema, so an agent sees its shape). */
export const documentField = (spec: ControlRouteSpec): z.ZodType =>
  ((spec.documentedBody ?? spec.body) as z.ZodType).describe(`The whole JSON body of ${spec.method} ${spec.path}`);

/**
 * The input fields of a tool over several routes: every field of each, optional (an action names what it needs;
 * the route's own schema refuses what is missing). One name with two meanings (a hold's `message` is a sentence
 * to fail with, a list to respond with) takes either.
 */
export function mergeFields(parts: Fields[]): Fields {
  const merged: Record<string, z.ZodType[]> = {};
  for (const part of parts)
    for (const [key, schema] of Object.entries(part)) {
      const seen = (merged[key] ??= []);
      if (!seen.includes(schema)) seen.push(schema);
    }
  const out: Fields = {};
  for (const [key, schemas] of Object.entries(merged)) {
    const one = schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
    out[key] = one instanceof z.ZodOptional ? one : one.optional();
  }
  return out;
}

/** `POST /__sim/v1/consultations/{sid}/accept (acceptConsultation): Act as the vet: accept a waiting chat …` */
export const routeLine = (spec: ControlRouteSpec) => `${spec.method} ${CONTROL_BASE}${spec.path} (${spec.id}): ${spec.summary}`;

export function annotationsOf(specs: ControlRouteSpec[], title: string) {
  return {
    title,
    readOnlyHint: specs.every((s) => s.readOnly === true),
    destructiveHint: specs.some((s) => s.destructive === true),
    openWorldHint: false,
  };
}

/** One answer schema, or the union of the distinct answers of several routes. */
export function answerOf(specs: ControlRouteSpec[]): z.ZodType {
  const answers = [...new Set(specs.map((s) => s.answer as z.ZodType))];
  return answers.length === 1 ? answers[0] : z.union(answers as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** `GET /__sim/v1/autopilot.schema.json`: where a route is, for a sentence. */
export const routeAddress = (id: ControlRouteId) => `${routeOf(id).method} ${CONTROL_BASE}${routeOf(id).path}`;
