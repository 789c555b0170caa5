// Tools that read more than one route's answer into one: status (health, plus where both partner families and
// both OpenAPI documents are) and a consultation (its card and timeline, and its thread).
import { z } from 'zod';
import { CONTROL_BASE } from '../../../src-shared/control-api/routes';
import { annotationsOf, mergeFields, routeFields, routeLine, routeOf } from './derive';
import { shapeOutput, type OutputOptions } from './mask';
import { callRoute, outputFields, runRoute, type McpTool } from './tool';

export function statusTool(): McpTool {
  const health = routeOf('getHealth');
  const docs = [routeOf('getPartnerOpenApi'), routeOf('getControlOpenApi')];
  return {
    name: 'status',
    routes: ['getHealth'],
    description: [
      'Start here: is the simulator up, its version and clock, the base URLs of both partner families (the agent\'s code calls those), and where the OpenAPI documents are.',
      `- ${routeLine(health)}`,
      ...docs.map((d) => `- documents: ${routeLine(d)}`),
    ].join('\n'),
    inputSchema: z.object(outputFields).strict(),
    outputSchema: z.object({
      route: z.literal('getHealth'),
      result: health.answer as z.ZodType,
      partner_base_urls: z.object({
        application: z.string().describe('Application family: POST {this}/register-user (A7), /pet/add (A2), /talk-to-vet (A8)… with the app\'s Basic credentials'),
        client: z.string().describe('Client family: {this}/pet/add (B1)… with the app\'s api_key'),
      }),
      openapi: z.object({ partner: z.string(), control: z.string() }),
    }),
    annotations: annotationsOf([health], 'Simulator status'),
    async run(args, ctx) {
      const result = (await runRoute(ctx, 'getHealth', args)) as { api_base_url?: string };
      const base = result.api_base_url ?? ctx.origin;
      return {
        route: 'getHealth',
        result: shapeOutput(result, args as OutputOptions),
        partner_base_urls: { application: `${base}/api/v2/{app name}`, client: `${base}/client/user/{app name}/v2` },
        openapi: { partner: `${ctx.origin}${CONTROL_BASE}${docs[0].path}`, control: `${ctx.origin}${CONTROL_BASE}${docs[1].path}` },
      };
    },
  };
}

export function consultationTool(): McpTool {
  const one = routeOf('getConsultation');
  const list = routeOf('listConsultations');
  const thread = routeOf('listMessages');
  const { params, query } = routeFields(thread);
  const fields = mergeFields([routeFields(list).query, params, query]);
  return {
    name: 'consultation',
    routes: ['getConsultation', 'listMessages', 'listConsultations'],
    description: [
      'One consultation by sid: its card (user, pet, vet, status, feedback, why each vet action would be refused now), its timeline (partner requests, vet actions, autopilot steps, messages) and its thread. Without sid: the queue, filterable by status and type.',
      ...[one, thread, list].map((r) => `- ${routeLine(r)}`),
    ].join('\n'),
    inputSchema: z.object({ ...fields, ...outputFields }).strict(),
    outputSchema: z.object({
      route: z.enum(['getConsultation', 'listConsultations']),
      result: z.union([one.answer as z.ZodType, list.answer as z.ZodType]),
      thread: (thread.answer as z.ZodType).optional().describe('With sid: the messages, oldest first'),
    }),
    annotations: annotationsOf([one, list, thread], 'Consultations'),
    async run(args, ctx) {
      const opts = args as OutputOptions;
      if (args.sid === undefined) return { route: 'listConsultations', result: shapeOutput(await runRoute(ctx, 'listConsultations', args), opts) };
      const [card, messages] = await Promise.all([runRoute(ctx, 'getConsultation', args), callRoute(ctx.client, 'listMessages')({ params: { sid: args.sid }, query: { after: args.after, limit: args.limit } })]);
      return { route: 'getConsultation', result: shapeOutput(card, opts), thread: shapeOutput(messages, opts) };
    },
  };
}
