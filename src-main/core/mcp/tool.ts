// One MCP tool over one or more control routes. An "action tool" (the vet: accept, end, outcome, feedback, write)
// maps each action to a route of the table; everything it says about itself is read from those routes (derive.ts).
import { z } from 'zod';
import type { ControlClient } from '../../../src-shared/control-api/client';
import type { ControlRouteSpec } from '../../../src-shared/control-api/define';
import type { ControlRouteId } from '../../../src-shared/control-api/routes';
import { annotationsOf, answerOf, documentField, mergeFields, routeAddress, routeFields, routeLine, routeOf, type Fields } from './derive';
import { DEFAULT_TEXT_CHARS, shapeOutput, type OutputOptions } from './mask';

export interface ToolContext {
  /** The control client of this call (it says `x-sim-actor: agent:<client name>`). */
  client: ControlClient;
  /** The simulator's origin, `http://127.0.0.1:4010`. */
  origin: string;
  /**
   * Whether a tool may read a file by its path: over stdio the server runs on the agent's side, where the path
   * means what the agent meant; over /__sim/mcp it runs in the simulator, and a path would name the simulator
   * machine's files to any client holding the control token.
   */
  localFiles: boolean;
}

export interface McpTool {
  name: string;
  /** The control routes it runs, by id. */
  routes: ControlRouteId[];
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<Record<string, unknown>>;
}

/** The fields every tool takes about its output. */
export const outputFields = {
  secrets: z.boolean().optional().describe('true: show credentials (tokens, keys, Authorization headers) as they are; masked otherwise'),
  text_offset: z.number().int().min(0).optional().describe('Long texts (bodies) are paged: the character to start from'),
  text_chars: z.number().int().min(100).max(100_000).optional().describe(`Long texts: how many characters to show (default ${DEFAULT_TEXT_CHARS})`),
};

/** A query switch the tool sets from `secrets: true` rather than taking it as a field. */
const SECRET_SWITCHES = new Set(['secrets', 'credentials']);

export class ToolInputError extends Error {}

type Call = (input?: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }) => Promise<unknown>;
export const callRoute = (client: ControlClient, id: ControlRouteId): Call => (client as unknown as Record<string, Call>)[id];

export interface ActionSpec {
  route: ControlRouteId;
  /** Body fields the action always sends (the vet tool writes with `author: "vet"`). */
  fixed?: Record<string, unknown>;
  /** Said in the description after the route's summary. */
  note?: string;
}

interface Picked {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** The route's input from the tool's arguments: its own fields only, path parameters required. */
export function pickInput(spec: ControlRouteSpec, args: Record<string, unknown>, fixed: Record<string, unknown> = {}, whole = false): Picked {
  const fields = routeFields(spec);
  if (whole) fields.body = undefined;
  const pick = (f: Fields) => Object.fromEntries(Object.keys(f).filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
  const params = pick(fields.params);
  const missing = Object.keys(fields.params).filter((k) => params[k] === undefined);
  if (missing.length) throw new ToolInputError(`${missing.join(', ')}: required for ${spec.id} (${spec.method} ${spec.path}).`);
  const query = pick(fields.query);
  for (const k of Object.keys(fields.query)) if (SECRET_SWITCHES.has(k)) query[k] = args.secrets ? 'include' : undefined;
  const hasBody = spec.body !== undefined || spec.method !== 'GET';
  const body = !hasBody ? undefined : fields.body ? { ...pick(fields.body), ...fixed } : args.document;
  return { params, query, body };
}

export function runRoute(ctx: ToolContext, id: ControlRouteId, args: Record<string, unknown>, fixed?: Record<string, unknown>, whole = false) {
  return callRoute(ctx.client, id)(pickInput(routeOf(id), args, fixed, whole));
}

export interface ActionToolSpec {
  name: string;
  title: string;
  intro: string;
  actions: Record<string, ActionSpec>;
  /** Route fields the tool does not take (the vet tool sets `author` itself). */
  omit?: string[];
  /**
   * A long document (a scenario: ~20 KB of JSON Schema) is shown as an open object pointing at the route that
   * serves its JSON Schema, so tools/list stays small enough for an agent's context.
   */
  schemaRoute?: ControlRouteId;
}

function openDocument(schemaRoute: ControlRouteId): z.ZodType {
  return z.record(z.string(), z.unknown()).describe(`A document as ${routeAddress(schemaRoute)} describes it (${routeOf(schemaRoute).summary})`);
}

/** What a tool answers: its routes' answers, a long document (a route that answers a document as is) as an open object. */
function resultOf(specs: ControlRouteSpec[], schemaRoute: ControlRouteId | undefined): z.ZodType {
  if (!schemaRoute) return answerOf(specs);
  const rest = specs.filter((s) => !s.asIs);
  return rest.length ? z.union([openDocument(schemaRoute), answerOf(rest)]) : openDocument(schemaRoute);
}

/** A tool whose every action is one control route; input, output, description and annotations derived. */
export function actionTool(t: ActionToolSpec): McpTool {
  const names = Object.keys(t.actions);
  const specs = names.map((a) => routeOf(t.actions[a].route));
  const parts = specs.map((spec) => {
    const f = routeFields(spec);
    const document = () => (t.schemaRoute ? openDocument(t.schemaRoute) : documentField(spec));
    const body = t.schemaRoute && spec.body ? undefined : f.body;
    return { ...f.params, ...f.query, ...(body ?? (spec.body ? { document: document() } : {})) };
  });
  const fields = mergeFields(parts);
  for (const k of [...(t.omit ?? []), ...SECRET_SWITCHES]) delete fields[k];
  const action = z.enum(names as [string, ...string[]]).describe(`What to do: ${names.join(', ')}`);
  const inputSchema = z.object({ ...(names.length > 1 ? { action } : {}), ...fields, ...outputFields }).strict();
  const routeIds = [...new Set(names.map((a) => t.actions[a].route))];
  const lines = names.map((a, i) => `- ${names.length > 1 ? `${a}: ` : ''}${routeLine(specs[i])}${t.actions[a].note ? ` ${t.actions[a].note}` : ''}`);
  return {
    name: t.name,
    routes: routeIds,
    description: `${t.intro}\n${lines.join('\n')}`,
    inputSchema,
    outputSchema: z.object({ route: z.enum(routeIds as [string, ...string[]]).describe('The control route that ran'), result: resultOf(specs, t.schemaRoute) }),
    annotations: annotationsOf(specs, t.title),
    async run(args, ctx) {
      const chosen = t.actions[names.length > 1 ? (args.action as string) : names[0]];
      const result = await runRoute(ctx, chosen.route, args, chosen.fixed, t.schemaRoute !== undefined);
      return { route: chosen.route, result: shapeOutput(result, args as OutputOptions) };
    },
  };
}
