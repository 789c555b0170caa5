// A scenario's history, made the way a partner and a vet make one: its `calls` go through the simulator's own
// partner API — the same handler a client reaches, journaled like any other request, on each consultation's
// timeline — and its `actions` through the vet console's commands. A call that does not answer as expected stops
// the replay with a sentence naming it (the world is loaded by then; the history stops there).
import type { RequestListener } from 'node:http';
// Read as the CommonJS module, as core/http/node-http.ts does: an ES import of node:http loads undici on Node 22+.
const { Agent, createServer, request } = process.getBuiltinModule('node:http');
import type { AddressInfo } from 'node:net';
import type { Scenario } from '../../../../src-shared/schemas/scenario';
import type { AppRecord } from '../../../../src-shared/control';
import { DomainError } from '../../errors';

/** What the vet console does, as the control port's commands do it (its timeline records each). */
export interface ScenarioActor {
  accept(sid: string): unknown;
  end(sid: string): unknown;
  outcome(sid: string, outcome: 'accepted' | 'declined' | 'notanswered'): unknown;
  feedback(sid: string, body: { recommendation: string; reason: string }): unknown;
  say(sid: string, author: 'vet' | 'owner', text: string): unknown;
}

/** The user agent the journal shows for the replayed calls. */
export const SCENARIO_AGENT = 'vet-consult-sim scenario';

const slugOfPath = (path: string) => /^\/api\/v2\/([^/]+)\//.exec(path)?.[1] ?? /^\/client\/user\/([^/]+)\/v2\//.exec(path)?.[1];

const fill = (value: unknown, names: Map<string, string>): unknown =>
  JSON.parse(JSON.stringify(value ?? {}).replace(/\{\{([a-z][a-z0-9_-]*)\}\}/g, (_, n: string) => names.get(n) ?? ''));

/** The sid a call opened: A8's `data.channel`, B10's inside its stringified answer. */
function openedSid(body: unknown): string | undefined {
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data;
  if (typeof data?.channel === 'string') return data.channel;
  const text = data?.stringify_response;
  if (typeof text !== 'string') return undefined;
  return /"(?:channel_sid|room)":"((?:CH|RM)[0-9a-f]{32})"/.exec(text)?.[1];
}

type Call = Exclude<NonNullable<Scenario['calls']>[number], { do: string }>;
type Action = Extract<NonNullable<Scenario['calls']>[number], { do: string }>;

/** One partner request to `port`, as a client sends it (Basic credentials of its app, JSON body). */
function send(port: number, agent: InstanceType<typeof Agent>, call: Call, app: AppRecord | undefined, host: string, body: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { host, 'user-agent': SCENARIO_AGENT, accept: 'application/json', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  if (app) headers.authorization = `Basic ${Buffer.from(`${app.api_username}:${app.api_token}`).toString('base64')}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: call.method ?? 'POST', path: call.path, headers, agent, setHost: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function perform(a: Action, i: number, names: Map<string, string>, act: ScenarioActor): void {
  const ref = /^\{\{([a-z][a-z0-9_-]*)\}\}$/.exec(a.consultation);
  const sid = ref ? names.get(ref[1]) : a.consultation;
  if (!sid) throw new DomainError(422, [`The scenario's calls[${i}] names ${a.consultation}, which no call opened.`], {}, 'scenario_call_failed');
  try {
    if (a.do === 'accept') act.accept(sid);
    else if (a.do === 'end') act.end(sid);
    else if (a.do === 'outcome') act.outcome(sid, a.outcome!);
    else if (a.do === 'feedback') act.feedback(sid, { recommendation: a.recommendation!, reason: a.reason! });
    else act.say(sid, a.do === 'vet_says' ? 'vet' : 'owner', a.text!);
  } catch (err) {
    throw new DomainError(422, [`The scenario's calls[${i}] (${a.do} on ${a.consultation}) was refused: ${(err as Error).message}`], {}, 'scenario_call_failed');
  }
}

/** Replays `s.calls` in order; how many ran. `host`: the Host the partner answers are made for (the simulator's own). */
export async function replayHistory(s: Scenario, partner: RequestListener, apps: AppRecord[], act: ScenarioActor, host: string): Promise<number> {
  const names = new Map<string, string>();
  const calls = s.calls ?? [];
  if (!calls.length) return 0;
  const server = createServer(partner);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const [i, call] of calls.entries()) {
      if ('do' in call) {
        perform(call, i, names, act);
        continue;
      }
      const app = apps.find((a) => a.name === (call.as ?? slugOfPath(call.path)));
      const answer = await send(port, agent, call, app, host, JSON.stringify(fill(call.body, names)));
      let json: unknown;
      try {
        json = JSON.parse(answer.text);
      } catch {
        json = undefined;
      }
      const ok = call.expect !== undefined ? answer.status === call.expect : answer.status >= 200 && answer.status < 300;
      if (!ok) {
        const message = (json as { message?: unknown } | undefined)?.message;
        throw new DomainError(422, [`The scenario's calls[${i}] (${call.method ?? 'POST'} ${call.path}) answered ${answer.status}${message ? `: ${JSON.stringify(message)}` : ''}; the history stops there.`], {}, 'scenario_call_failed');
      }
      const sid = call.name ? openedSid(json) : undefined;
      if (call.name && sid) names.set(call.name, sid);
    }
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return calls.length;
}
