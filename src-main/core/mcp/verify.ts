// verify: a domain assertion answered pass or fail with its evidence, so an agent's test says "the consultation
// ended with feedback" rather than parsing cards. A failing assertion is an answer (pass: false), not a tool error.
import { z } from 'zod';
import { annotationsOf, routeLine, routeOf } from './derive';
import { shapeOutput } from './mask';
import { callRoute, outputFields, type McpTool, type ToolContext } from './tool';

const input = z.object({
  assertion: z.enum(['ended_with_feedback', 'consultation_status', 'endpoint_calls', 'no_5xx']).describe(
    'ended_with_feedback: consultation sid is ended (chat) or completed (call) and has feedback; consultation_status: sid is in status; endpoint_calls: endpoint was called at_least/at_most times (optionally by app, with status); no_5xx: no partner call answered 5xx after journal id since',
  ),
  sid: z.string().min(1).optional(),
  status: z.string().min(1).optional().describe('consultation_status: the status (or several, comma-separated); endpoint_calls: an HTTP status or class (2xx)'),
  endpoint: z.string().min(1).optional().describe('endpoint_calls: an endpoint id such as A8'),
  app: z.string().min(1).optional(),
  at_most: z.number().int().min(0).optional(),
  at_least: z.number().int().min(0).optional(),
  since: z.number().int().min(0).optional().describe('no_5xx: only journal entries after this id (default: all)'),
  ...outputFields,
}).strict();
type Input = z.output<typeof input>;

interface Verdict {
  pass: boolean;
  evidence: Record<string, unknown>;
  message: string;
}

const need = (value: unknown, name: string, assertion: string) => {
  if (value === undefined) throw new Error(`${name}: required for ${assertion}.`);
};

async function judge(args: Input, { client }: ToolContext): Promise<Verdict> {
  if (args.assertion === 'ended_with_feedback' || args.assertion === 'consultation_status') {
    need(args.sid, 'sid', args.assertion);
    if (args.assertion === 'consultation_status') need(args.status, 'status', args.assertion);
    const card = (await callRoute(client, 'getConsultation')({ params: { sid: args.sid } })) as { sid: string; type: string; status: string; ended_at: string | null; feedback: unknown };
    const evidence = { sid: card.sid, type: card.type, status: card.status, ended_at: card.ended_at, feedback: card.feedback };
    if (args.assertion === 'consultation_status') {
      const wanted = args.status!.split(',').map((s) => s.trim());
      const pass = wanted.includes(card.status);
      return { pass, evidence, message: `${card.sid} is ${card.status}${pass ? '' : `, not ${wanted.join(' or ')}`}.` };
    }
    const ended = card.status === 'ended' || card.status === 'completed';
    const pass = ended && card.feedback != null;
    const why = !ended ? `it is ${card.status}, not ended` : card.feedback == null ? 'it has no feedback' : '';
    return { pass, evidence, message: pass ? `${card.sid} ended with feedback.` : `${card.sid} did not end with feedback: ${why}.` };
  }
  if (args.assertion === 'endpoint_calls') {
    need(args.endpoint, 'endpoint', args.assertion);
    if (args.at_most === undefined && args.at_least === undefined) throw new Error('at_most or at_least: one is required for endpoint_calls.');
    const filters = { endpoint: args.endpoint, app: args.app, status: args.status };
    const { count } = (await callRoute(client, 'countRequests')({ query: filters })) as { count: number };
    const pass = (args.at_most === undefined || count <= args.at_most) && (args.at_least === undefined || count >= args.at_least);
    const bounds = [args.at_least !== undefined ? `at least ${args.at_least}` : '', args.at_most !== undefined ? `at most ${args.at_most}` : ''].filter(Boolean).join(' and ');
    const recent = pass ? undefined : ((await callRoute(client, 'listRequests')({ query: { ...filters, limit: 10 } })) as { items: unknown[] }).items;
    return { pass, evidence: { count, filters, ...(recent ? { recent } : {}) }, message: `${args.endpoint} was called ${count} time${count === 1 ? '' : 's'}; expected ${bounds}.` };
  }
  const page = (await callRoute(client, 'listRequests')({ query: { status: '5xx', source: 'partner', after: args.since, limit: 10 } })) as { items: { id: number }[]; total: number };
  const since = args.since === undefined ? '' : ` since request ${args.since}`;
  return {
    pass: page.total === 0,
    evidence: { count: page.total, since: args.since ?? null, first: page.items },
    message: page.total === 0 ? `No 5xx${since}.` : `${page.total} call${page.total === 1 ? '' : 's'} answered 5xx${since} (ids ${page.items.map((i) => i.id).join(', ')}).`,
  };
}

export function verifyTool(): McpTool {
  const routes = (['getConsultation', 'countRequests', 'listRequests'] as const).map(routeOf);
  return {
    name: 'verify',
    routes: ['getConsultation', 'countRequests', 'listRequests'],
    description: ['Check a domain assertion and answer pass or fail with the evidence (the state or the journal entries that decided it).', ...routes.map((r) => `- reads ${routeLine(r)}`)].join('\n'),
    inputSchema: input,
    outputSchema: z.object({ assertion: z.string(), pass: z.boolean(), message: z.string(), evidence: z.record(z.string(), z.unknown()) }),
    annotations: annotationsOf(routes, 'Verify an assertion'),
    async run(raw, ctx) {
      const args = input.parse(raw);
      const verdict = await judge(args, ctx);
      return { assertion: args.assertion, ...verdict, evidence: shapeOutput(verdict.evidence, args) };
    },
  };
}
