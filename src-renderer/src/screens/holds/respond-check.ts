// The envelope a tester answers a held call with, checked before it is sent: first what the control API takes
// (status, message, data: it refuses anything else), then the endpoint's contract (src-shared/endpoints.ts):
// a 2xx `data` against the endpoint's response schema, JSON carried in a string (stringify_response) against
// its own schema, a failure's `data` as []. Every problem is a sentence naming where it is. zod and the
// schemas come with this module, loaded on its own (`respondCheck()`) when an editor opens: the UI's start
// bundle stays without them.
import { z } from 'zod';
import { CONTRACTS, type EndpointId } from '../../../../src-shared/endpoints';
import * as Responses from '../../../../src-shared/schemas/responses';
import { respondBody } from '../../../../src-shared/schemas/holds';

type Json = Record<string, unknown>;
/** A JSON schema as z.toJSONSchema writes it: only what the example and the string check read. */
interface JsonSchema {
  type?: string | string[]; const?: unknown; enum?: unknown[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>; items?: JsonSchema; minItems?: number; contentSchema?: { $ref?: string };
}

/** The schemas carried as JSON text in a string, by the component name their `contentSchema` refers to. */
const SESSIONS = new Map<string, z.ZodType>(
  [Responses.applicationSession, Responses.clientChatSession, Responses.clientRegistrationSession].map((s) => [Responses.partnerComponents.get(s)!.id, s]),
);
const sessionOf = (s: JsonSchema) => SESSIONS.get(s.contentSchema?.$ref?.split('/').pop() ?? '');

const cache = new Map<string, { data: z.ZodType; json: JsonSchema }>();
function contractOf(endpoint: string) {
  if (!(endpoint in CONTRACTS)) return undefined;
  let c = cache.get(endpoint);
  if (!c) {
    const data = CONTRACTS[endpoint as EndpointId].response(Responses);
    c = { data, json: z.toJSONSchema(data, { unrepresentable: 'any' }) as JsonSchema };
    cache.set(endpoint, c);
  }
  return c;
}

/** A value that fits the schema, taking a field's value from the held request when it sent one of that name. */
function example(s: JsonSchema, hints: Json, key = ''): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return example(options.find((o) => o.type !== 'null') ?? options[0], hints, key);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  const session = sessionOf(s);
  if (session) return JSON.stringify(example(z.toJSONSchema(session, { unrepresentable: 'any' }) as JsonSchema, hints));
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, example(v, hints, k)]));
    case 'array':
      return s.minItems && s.items ? [example(s.items, hints)] : [];
    case 'string':
      return typeof hints[key] === 'string' ? hints[key] : '';
    case 'integer': case 'number':
      return typeof hints[key] === 'number' ? hints[key] : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The endpoint's usual success envelope, as the respond decision takes it, as indented JSON. */
export function usualEnvelope(endpoint: string, requestBody: string | null): string {
  let hints: Json = {};
  try {
    const b: unknown = requestBody ? JSON.parse(requestBody) : {};
    if (b && typeof b === 'object' && !Array.isArray(b)) hints = b as Json;
  } catch {
    // a form body or one cut in the journal: no hints
  }
  const c = contractOf(endpoint);
  const message = c ? CONTRACTS[endpoint as EndpointId].message : 'Done';
  return JSON.stringify({ status: 200, message: [message], data: c ? example(c.json, hints) : [] }, null, 2);
}

const where = (path: PropertyKey[]) => path.reduce<string>((w, p) => (typeof p === 'number' ? `${w}[${p}]` : `${w}${w ? '.' : ''}${String(p)}`), '') || 'The envelope';
const at = (v: unknown, path: PropertyKey[]) => path.reduce<unknown>((o, p) => (o && typeof o === 'object' ? (o as Json)[p as string] : undefined), v);
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : typeof v === 'string' ? `the text ${JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)}` : `${typeof v} ${String(v)}`);
const A = (t: string) => ({ object: 'an object', array: 'a list', string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', null: 'null' })[t] ?? t;

/** A zod issue as a sentence a tester can act on, naming the field by its path in the envelope. */
function words(issue: z.core.$ZodIssue, value: unknown, prefix: PropertyKey[]): string {
  const path = [...prefix, ...issue.path];
  const got = at(value, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return got === undefined ? `${where(path)} is missing.` : `${where(path)} must be ${A(issue.expected)}, not ${kind(got)}.`;
    case 'unrecognized_keys':
      return `${where(path)} has ${issue.keys.join(', ')}, which the contract does not have.`;
    case 'invalid_value':
      return `${where(path)} must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}.`;
    default:
      return `${where(path)}: ${issue.message}.`;
  }
}

/** Paths (in `data`) of the strings that carry JSON of their own schema. */
function carried(s: JsonSchema, path: string[] = []): [string[], z.ZodType][] {
  const session = sessionOf(s);
  if (session) return [[path, session]];
  return Object.entries(s.properties ?? {}).flatMap(([k, v]) => carried(v, [...path, k]));
}

export interface Checked {
  /** What the control API would refuse: nothing can be sent. */
  refused: string[];
  /** Where the envelope leaves the endpoint's contract: it may be sent on purpose (a client's robustness test). */
  offContract: string[];
  envelope?: { status: number; message: string[]; data: unknown };
}

export function checkEnvelope(endpoint: string, text: string): Checked {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { refused: [`This is not JSON: ${(e as Error).message}.`], offContract: [] };
  }
  const body = respondBody.safeParse(value);
  if (!body.success) {
    const refused = body.error.issues.map((i) =>
      i.code === 'unrecognized_keys'
        ? `${i.keys.join(', ')}: not part of what you give here. Write status, message and data; success and status_code follow from status.`
        : `${where(i.path)}: ${i.message}.`,
    );
    return { refused, offContract: [] };
  }
  const envelope = body.data as Checked['envelope'] & object;
  const offContract: string[] = [];
  if (envelope.status >= 400) {
    if (!envelope.message.length) offContract.push('message: a failure names at least one reason in the partner API.');
    if (!Array.isArray(envelope.data) || envelope.data.length) offContract.push('data: a failure carries data: [] in the partner API.');
    return { refused: [], offContract, envelope };
  }
  if (envelope.status !== 200) offContract.push(`status: the partner API answers success with 200, not ${envelope.status}.`);
  const c = contractOf(endpoint);
  if (!c) return { refused: [], offContract, envelope };
  const data = c.data.safeParse(envelope.data);
  if (!data.success) offContract.push(...data.error.issues.slice(0, 8).map((i) => words(i, envelope.data, ['data'])));
  for (const [path, session] of carried(c.json)) {
    const text = at(envelope.data, path);
    if (typeof text !== 'string') continue; // already said above
    let inner: unknown;
    try {
      inner = JSON.parse(text);
    } catch {
      offContract.push(`data.${path.join('.')} must hold JSON text (the client parses it).`);
      continue;
    }
    const r = session.safeParse(inner);
    if (!r.success) offContract.push(...r.error.issues.slice(0, 5).map((i) => `Inside the JSON text: ${words(i, inner, ['data', ...path])}`));
  }
  return { refused: [], offContract, envelope };
}
