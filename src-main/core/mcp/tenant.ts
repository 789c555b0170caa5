// tenant: an app of the agent's own (create, list, new_token over the app routes), and in one call an app in a world
// loaded from a scenario (behaviour §20) — the document, a file's text, or a file the MCP server reads — so an agent
// gets its fixtures and the credentials to call them with together. The scenario replaces the whole world (the
// route is destructive, and the tool says so); its data lives in its first app (the demo app when it names none),
// so that app is the tenant unless `name` picks another of its apps or a new one to create beside its world.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { annotationsOf, routeAddress, routeLine, routeOf } from './derive';
import { shapeOutput, type OutputOptions } from './mask';
import { actionTool, callRoute, ToolInputError, type McpTool } from './tool';

const scenarioFields = {
  scenario: z.record(z.string(), z.unknown()).optional()
    .describe(`create: load this scenario document first (as ${routeAddress('getScenarioSchema')} describes it); the whole world is replaced`),
  scenario_text: z.string().min(1).optional().describe('create: a scenario file\'s text (YAML or JSON) to load first; its problems name their lines'),
  scenario_file: z.string().min(1).optional().describe('create: the path of a scenario file (YAML or JSON) to load first, read where the MCP server runs'),
};

type App = { id: number; name: string };
type Args = Record<string, unknown> & { action?: string; name?: string; scenario?: unknown; scenario_text?: string; scenario_file?: string };

/** The body of PUT /scenario: the document as is, or a file's text as `{text, file}` (the route parses YAML or JSON). */
async function scenarioBody(args: Args, localFiles: boolean): Promise<unknown> {
  const given = (['scenario', 'scenario_text', 'scenario_file'] as const).filter((k) => args[k] !== undefined);
  if (given.length > 1) throw new ToolInputError(`${given.join(', ')}: give one scenario, not ${given.length}.`);
  if (args.scenario !== undefined) return args.scenario;
  if (args.scenario_text !== undefined) return { text: args.scenario_text, file: 'scenario' };
  const path = args.scenario_file!;
  if (!localFiles) throw new ToolInputError('scenario_file: this server runs inside the simulator (/__sim/mcp), which reads no file a client names; send the file\'s text as scenario_text instead, or use `vet-consult-sim mcp` (stdio) on your machine.');
  // Only scenario files: over /__sim/mcp the path is read on the simulator's machine, and a parse error quotes lines.
  if (!/\.(ya?ml|json)$/i.test(path)) throw new ToolInputError(`scenario_file: a scenario file ends in .yaml, .yml or .json (got ${path}).`);
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new ToolInputError(`scenario_file: cannot read ${path} (${err.code ?? err.message}); the path is read where the MCP server runs.`);
  });
  return { text, file: path };
}

export function tenantTool(): McpTool {
  const base = actionTool({
    name: 'tenant', title: 'Tenants (partner apps)',
    intro: [
      "A tenant of the agent's own: create an app with fresh credentials (Basic username/token for the application family, api_key for the client family), list the apps, or draw a new token. Credentials are masked unless secrets: true.",
      'create with scenario, scenario_text or scenario_file loads that scenario first (the whole world is replaced, the journal emptied) and answers its tenant in the same call: the app `name` when the scenario has it, else a new app `name` beside its world; without `name`, the scenario\'s first app (where its users, pets and consultations live; the demo app when it lists none), with the credentials the scenario gives it (drawn from its seed when it leaves them out).',
    ].join('\n'),
    actions: { create: { route: 'createApp' }, list: { route: 'listApps' }, new_token: { route: 'newAppToken' } },
  });
  const load = routeOf('putScenario');
  const routes = [...base.routes, 'putScenario' as const];
  const baseOutput = base.outputSchema.shape as { route: z.ZodEnum; result: z.ZodType };
  return {
    ...base,
    routes,
    description: `${base.description}\n- create with a scenario: ${routeLine(load)}, then ${routeLine(routeOf('listApps'))}`,
    inputSchema: base.inputSchema.extend(scenarioFields),
    outputSchema: z.object({
      route: z.enum(routes as [string, ...string[]]).describe('The control route whose answer `result` is (putScenario: the tenant is an app of the loaded scenario)'),
      result: baseOutput.result,
      scenario: (load.answer as z.ZodType).optional().describe('create with a scenario: what the load answered (counts of what is there now)'),
    }),
    annotations: annotationsOf([...base.routes, 'putScenario' as const].map(routeOf), 'Tenants (partner apps)'),
    async run(raw, ctx) {
      const args = raw as Args;
      const hasScenario = args.scenario !== undefined || args.scenario_text !== undefined || args.scenario_file !== undefined;
      if (!hasScenario) return base.run(args, ctx);
      if (args.action !== 'create') throw new ToolInputError(`scenario, scenario_text, scenario_file: only with action "create" (got "${args.action}").`);
      const summary = await callRoute(ctx.client, 'putScenario')({ body: await scenarioBody(args, ctx.localFiles) });
      const { items } = (await callRoute(ctx.client, 'listApps')({})) as { items: App[] };
      const chosen = args.name === undefined ? [...items].sort((a, b) => a.id - b.id)[0] : items.find((a) => a.name === args.name);
      const opts = args as OutputOptions;
      if (chosen) return { route: 'putScenario', result: shapeOutput(chosen, opts), scenario: shapeOutput(summary, opts) };
      const created = await base.run({ ...args, scenario: undefined, scenario_text: undefined, scenario_file: undefined }, ctx);
      return { ...created, scenario: shapeOutput(summary, opts) };
    },
  };
}
