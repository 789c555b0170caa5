// defineControlRoute: the control twin of the partner side's defineEndpoint. One definition per control route
// (/__sim/v1) says its method, path, summary, the zod schemas of what it reads and answers, and its refusals;
// the simulator's control router, the control OpenAPI document, the typed client (the package's and the UI's)
// and the MCP tools are all read from the one table of them (routes.ts). The work behind each route is in the
// core (src-main/core/control/handlers-*.ts), which the compiler holds to these schemas.
import type { z } from 'zod';

export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ControlTag = 'System' | 'Journal' | 'Tenants and roster' | 'State' | 'Vet console' | 'Autopilot' | 'Holds' | 'Scenarios';

/** A refusal a route may answer beyond the guards every route shares (403, 415, 400, 413, 500). */
export interface ControlRefusalSpec {
  status: number;
  code: string;
  /** The sentence (or its pattern, e.g. "<field>: …"): what the caller reads in `error.message`. */
  sentence: string;
}

/**
 * How the answer goes out. `json` (the default): the handler returns a value that the router sends as JSON with
 * `status`. `stream` (the event stream), `download` (a file) and `upload` (a file as the request body) write to
 * the connection themselves; `content` documents what they send.
 */
export type AnswerKind = 'json' | 'stream' | 'download' | 'upload';

export interface ControlRouteSpec {
  id: string;
  method: ControlMethod;
  /** OpenAPI form, relative to /__sim/v1: `/consultations/{sid}/accept`. */
  path: string;
  summary: string;
  tag: ControlTag;
  /** Path parameters, read from their strings (each named in `path`). */
  params?: z.ZodObject;
  /** The query string, read leniently as the API always has: a junk value falls back to the default. */
  query?: z.ZodObject;
  /** The JSON body; a refusal names each field that is wrong (422 `invalid`, details by path). */
  body?: z.ZodType;
  /** The body as the document shows it, when the reader takes more (PUT /faults takes the list bare too). */
  documentedBody?: z.ZodType;
  answer: z.ZodType;
  /** 200 unless said (201 for a created thing). */
  status?: number;
  kind?: AnswerKind;
  /** The media type and schema of a non-JSON answer (or request body, for `upload`). */
  content?: Record<string, unknown>;
  refusals?: readonly ControlRefusalSpec[];
  /** Answers only from what is stored: no state changes (the MCP tools' `readOnlyHint`). */
  readOnly?: boolean;
  /** Throws away data a caller cannot get back (reset, restore, clearing the journal): `destructiveHint`. */
  destructive?: boolean;
  /** The answer goes out as it is: no time field is rewritten to ISO 8601 (documents of other formats). */
  asIs?: boolean;
  /**
   * Its body may carry credentials in forms the journal's masking does not know (a scenario's app passwords and
   * password hashes, in JSON or YAML): an agent's journal entry of the call keeps the body's size, not the body.
   */
  secretBody?: boolean;
}

/** Identity, kept for the literal types: a route's id, method, path and schemas stay exact for the client and the core. */
export const defineControlRoute = <const S extends ControlRouteSpec>(spec: S): S => spec;

type OutputOf<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;
type InputOf<T> = T extends z.ZodType ? z.input<T> : Record<string, never>;

/** What the core's handler of a route receives: params, query and body as its schemas read them. */
export interface RouteInput<S extends ControlRouteSpec> {
  params: OutputOf<S['params']>;
  query: OutputOf<S['query']>;
  body: OutputOf<S['body']>;
}

/** What a caller of the typed client sends: path parameters, query and body in their input form. */
export type CallInput<S extends ControlRouteSpec> = (S['params'] extends z.ZodType ? { params: InputOf<S['params']> } : { params?: undefined }) &
  (S['query'] extends z.ZodType ? { query?: Partial<Record<keyof z.input<S['query']>, string | number | boolean | undefined>> } : { query?: undefined }) &
  (S['body'] extends z.ZodType ? { body: z.input<S['body']> } : { body?: undefined });

/** What the route answers, as its schema says (times as ISO 8601 strings). */
export type AnswerOf<S extends ControlRouteSpec> = z.output<S['answer']>;

/** `/consultations/{sid}/accept` with `{sid: 'CH1'}` → `/consultations/CH1/accept` (each value %-escaped). */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}
