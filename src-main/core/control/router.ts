// The one control router (/__sim/v1), on plain node:http like the partner pipeline: every route comes from the
// one table (src-shared/control-api/routes.ts) and its handler (handlers.ts). A control call, start to finish:
//
//   guards (loopback, Host, Origin, CSRF type, or the bearer token) ─► route (method + path, or 404)
//   ─► body (JSON, as express.json read it) ─► record (state changes, for a HAR replay) ─► input (params, query,
//   body through their schemas: 422 naming each field) ─► handler (the control port only) ─► answer (JSON, ISO times)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { ControlRouteSpec } from '../../../src-shared/control-api/define';
import { controlRoutes, CONTROL_BASE } from '../../../src-shared/control-api/routes';
import type { ControlPort } from '../domain/control-port';
import { actorOf } from '../http/actor';
import { requestBaseUrl } from '../http/base-url';
import { agentCallStep } from './agent-calls';
import { sendBytes, sendJson, sendRefusal } from './answer';
import { readControlBody } from './control-body';
import { recordWhenAnswered, type ControlCallLog } from './control-calls';
import { eventRecords } from './event-records';
import { eventStream } from './events';
import { controlErrorOf, ControlError, parseControl } from './helpers';
import { controlHandlers } from './handlers';
import type { ControlCall, ControlHandler } from './handler';
import { admit } from './token-access';

interface CompiledRoute {
  spec: ControlRouteSpec;
  pattern: RegExp;
  names: string[];
  run: ControlHandler<ControlRouteSpec>;
}

/** Path patterns as express matched them: case-insensitive, a trailing slash allowed, a parameter one segment. */
function compile(spec: ControlRouteSpec, run: ControlHandler<ControlRouteSpec>): CompiledRoute {
  const names: string[] = [];
  const source = spec.path.replace(/[.\\^$|?*+()[\]]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
  return { spec, run, names, pattern: new RegExp(`^${CONTROL_BASE}${source}/?$`, 'i') };
}

/** Routes by method, paths without parameters first (`/requests/count` before `/requests/{id}`), then in table order. */
function routeTable(): Map<string, CompiledRoute[]> {
  const byMethod = new Map<string, CompiledRoute[]>();
  const handlers = controlHandlers as unknown as Record<string, ControlHandler<ControlRouteSpec>>;
  for (const spec of Object.values(controlRoutes) as ControlRouteSpec[]) {
    const list = byMethod.get(spec.method) ?? [];
    list.push(compile(spec, handlers[spec.id]));
    byMethod.set(spec.method, list);
  }
  for (const list of byMethod.values()) list.sort((a, b) => a.names.length - b.names.length);
  return byMethod;
}

function match(table: Map<string, CompiledRoute[]>, method: string, path: string) {
  for (const route of table.get(method === 'HEAD' ? 'GET' : method) ?? []) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(m[i + 1]);
      } catch {
        throw new ControlError(400, 'malformed_url', 'The address has a malformed %-escape.');
      }
    });
    return { route, params };
  }
  return undefined;
}

/** Calls a replay cannot repeat or that are not state changes: reads, snapshots, clearing the log itself. */
const recorded = (spec: ControlRouteSpec) => spec.method !== 'GET' && spec.kind !== 'upload' && spec.id !== 'clearRequests';

export type ControlRouter = (req: IncomingMessage, res: ServerResponse) => void;

export function controlRouter(port: ControlPort, controlCalls: ControlCallLog): ControlRouter {
  const table = routeTable();
  const events = eventStream(port.events, undefined, eventRecords(port));
  const token = port.facts.controlToken;

  /** `after.step`: what runs once the answer or the refusal is written (an agent's call, journaled: agent-calls.ts). */
  async function answer(req: IncomingMessage, res: ServerResponse, after: { step?: () => void }): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const found = match(table, req.method ?? 'GET', path);
    if (!found) {
      req.resume();
      return sendRefusal(res, { status: 404, code: 'not_found', message: 'No such control route.' });
    }
    const { route, params } = found;
    const { spec } = route;
    const call: ControlCall = {
      req, res, controlCalls, baseUrl: requestBaseUrl(req, port.baseUrl()),
      actor: actorOf(req.headers),
    };
    if (spec.kind === 'stream') return events(req, res);
    let sent: string | null = null; // the body as read, once read (a body refused as unreadable: none)
    if (call.actor.agent && spec.method !== 'GET') after.step = agentCallStep(port, spec, req, res, call.actor.agent, () => sent);
    const body = spec.kind === 'upload' ? { value: undefined, text: null } : await readControlBody(req);
    sent = body.text;
    if (recorded(spec)) {
      recordWhenAnswered(controlCalls, res, {
        started: Date.now(), afterJournalId: spec.id === 'reset' ? 0 : port.queries.newestRequestId(), method: req.method!, url,
        contentType: req.headers['content-type'] ?? null, body: () => body.text, reset: spec.id === 'reset',
      });
    }
    const input = {
      params: spec.params ? parseControl(spec.params, params) : {},
      // A plain object: zod refuses querystring's null-prototype one.
      query: spec.query ? parseControl(spec.query, q < 0 ? {} : { ...parseQuery(url.slice(q + 1)) }) : {},
      body: spec.body ? parseControl(spec.body, body.value ?? {}) : {},
    };
    const value = await route.run(port, input as never, call);
    if (spec.kind === 'download') return sendBytes(res, value as Buffer);
    sendJson(res, spec.status ?? 200, value, !spec.asIs);
  }

  return (req, res) => {
    const refused = admit(token, req);
    if (refused) {
      req.resume();
      return sendRefusal(res, refused);
    }
    res.setHeader('cache-control', 'no-store');
    const after: { step?: () => void } = {};
    answer(req, res, after)
      .catch((err: unknown) => {
        if (res.headersSent) return void res.destroy();
        sendRefusal(res, controlErrorOf(err));
      })
      .finally(() => after.step?.());
  };
}
