// wait_for: an agent cannot hold the event stream open, and sleep-and-poll wastes its turns. One call waits (≤ 60 s)
// until a consultation reaches a status, a new message is written, or a journal entry matches, by polling the
// control routes it names; on timeout it answers matched: false with the last state it saw, never an error.
import { z } from 'zod';
import { annotationsOf, routeLine, routeOf } from './derive';
import { shapeOutput, type OutputOptions } from './mask';
import { callRoute, outputFields, type McpTool, type ToolContext } from './tool';

const POLL_MS = 150;

const input = z.object({
  event: z.enum(['consultation', 'message', 'request']).describe('consultation: one (sid) or any reaching a status; message: a new message in sid\'s thread; request: a new journal entry matching the filters'),
  sid: z.string().min(1).optional().describe('The consultation (CH… or RM…); required for message'),
  status: z.string().min(1).optional().describe('consultation: one status or several comma-separated (waiting, active, ended, …); request: an HTTP status or class (422, 4xx)'),
  author: z.enum(['vet', 'owner', 'system']).optional().describe('message: only from this author'),
  contains: z.string().min(1).optional().describe('message: only one whose body contains this text'),
  endpoint: z.string().min(1).optional().describe('request: an endpoint id such as A8'),
  method: z.string().min(1).optional().describe('request: GET or POST'),
  app: z.string().min(1).optional().describe('request: the app name'),
  after: z.number().int().min(0).optional().describe('message: only after this index; request: only after this journal id (default: what exists when the wait starts)'),
  timeout_seconds: z.number().min(0).max(60).default(10).describe('How long to wait, at most 60 s (default 10)'),
  ...outputFields,
}).strict();
type Input = z.output<typeof input>;

interface Probe {
  /** The match, or undefined; `seen` is the last state read (the evidence of a timeout). */
  (): Promise<{ match?: unknown; seen: unknown }>;
}

async function probeFor(args: Input, ctx: ToolContext): Promise<Probe> {
  const { client } = ctx;
  const statuses = args.status?.split(',').map((s) => s.trim());
  if (args.event === 'consultation') {
    if (args.sid) {
      return async () => {
        const card = (await callRoute(client, 'getConsultation')({ params: { sid: args.sid } })) as { status: string };
        return { match: !statuses || statuses.includes(card.status) ? card : undefined, seen: card };
      };
    }
    return async () => {
      const page = (await callRoute(client, 'listConsultations')({ query: { status: args.status, per_page: 1 } })) as { items: unknown[] };
      return { match: page.items[0], seen: page };
    };
  }
  if (args.event === 'message') {
    if (!args.sid) throw new Error('sid: required to wait for a message.');
    const start = args.after ?? ((await callRoute(client, 'listMessages')({ params: { sid: args.sid }, query: { limit: 1 } })) as { total: number }).total;
    return async () => {
      const page = (await callRoute(client, 'listMessages')({ params: { sid: args.sid }, query: { after: start, limit: 500 } })) as { items: { author: string; body: string }[] };
      const match = page.items.find((m) => (!args.author || m.author === args.author) && (!args.contains || m.body.includes(args.contains)));
      return { match, seen: page };
    };
  }
  const filters = { endpoint: args.endpoint, status: args.status, method: args.method, app: args.app };
  const newest = (await callRoute(client, 'listRequests')({ query: { limit: 1 } })) as { items: { id: number }[] };
  const start = args.after ?? newest.items[0]?.id ?? 0;
  return async () => {
    const page = (await callRoute(client, 'listRequests')({ query: { ...filters, after: start, limit: 50 } })) as { items: { id: number }[]; total: number };
    const oldest = page.items.reduce<{ id: number } | undefined>((a, b) => (!a || b.id < a.id ? b : a), undefined);
    return { match: oldest, seen: { after: start, total: page.total } };
  };
}

export function waitForTool(): McpTool {
  const routes = (['getConsultation', 'listConsultations', 'listMessages', 'listRequests'] as const).map(routeOf);
  return {
    name: 'wait_for',
    routes: ['getConsultation', 'listConsultations', 'listMessages', 'listRequests'],
    description: [
      'Wait (at most 60 s) for an event instead of sleeping: a consultation reaching a status (e.g. the chat waiting after talk-to-vet, or ended), a new message in a thread (from the vet, the owner, containing a text), or a journal entry matching endpoint/status/method/app. Answers matched: false with the last state seen on timeout.',
      ...routes.map((r) => `- polls ${routeLine(r)}`),
    ].join('\n'),
    inputSchema: input,
    outputSchema: z.object({
      matched: z.boolean(),
      event: z.string(),
      waited_ms: z.int(),
      match: z.unknown().optional().describe('The consultation card, message or journal summary that matched'),
      last_seen: z.unknown().optional().describe('On timeout: the last state read, as evidence'),
      message: z.string(),
    }),
    annotations: annotationsOf(routes, 'Wait for an event'),
    async run(raw, ctx) {
      const args = input.parse(raw);
      const started = Date.now();
      const deadline = started + args.timeout_seconds * 1000;
      const probe = await probeFor(args, ctx);
      for (;;) {
        const { match, seen } = await probe();
        const waited = Date.now() - started;
        if (match !== undefined)
          return { matched: true, event: args.event, waited_ms: waited, match: shapeOutput(match, args as OutputOptions), message: `Matched after ${waited} ms.` };
        if (Date.now() >= deadline)
          return { matched: false, event: args.event, waited_ms: waited, last_seen: shapeOutput(seen, args as OutputOptions), message: `Nothing matched in ${args.timeout_seconds} s; last_seen is what was there.` };
        await new Promise((r) => setTimeout(r, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
      }
    },
  };
}
