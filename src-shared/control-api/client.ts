// The typed control client, derived from the one table of routes: `client.acceptConsultation({ params: { sid } })`
// answers the route's answer type; a refusal throws ControlApiError with its code, sentence and details by path.
// The UI (src-renderer/src/api.ts) and the package's programmatic API (src-main/api/) both use it; nothing
// else spells a control path.
import type { RefusalDetail } from '../control.js';
import { pathOf, type AnswerOf, type CallInput, type ControlRouteSpec } from './define.js';
import { CONTROL_BASE, controlRoutes, type ControlRouteId, type ControlRoutes } from './routes.js';

export class ControlApiError extends Error {
  /**
   * `details`: each place the refusal names, with what is wrong there (`{ path: 'name', message: … }`, a refused
   * autopilot document's `rules[0].steps[1].after` with its `line`); empty when it names none.
   */
  constructor(readonly status: number, readonly code: string, message: string, readonly details: RefusalDetail[] = []) {
    super(message);
  }
}

export interface ControlClientOptions {
  /** `http://127.0.0.1:4010` (a page of the simulator's own UI: '' for its own origin). */
  origin: string;
  /** With `serve --control-token`: sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent with every call (the UI says `x-sim-actor: ui`). */
  headers?: Record<string, string>;
}

/** A route's answer: JSON as its schema says; the snapshot's bytes; the event stream's Response, to read as it comes. */
type Answer<S extends ControlRouteSpec> = S['kind'] extends 'download' ? Uint8Array : S['kind'] extends 'stream' ? Response : AnswerOf<S>;
/** An upload sends its file as the body. */
type Input<S extends ControlRouteSpec> = S['kind'] extends 'upload' ? { body: Blob | Uint8Array; encoding?: 'gzip' | 'deflate' | 'br' } : CallInput<S>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Args<S extends ControlRouteSpec> = {} extends Input<S> ? [input?: Input<S>] : [input: Input<S>];

export type ControlClient = { [K in ControlRouteId]: (...args: Args<ControlRoutes[K]>) => Promise<Answer<ControlRoutes[K]>> };

const queryString = (query: Record<string, unknown> | undefined) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

/** A route's address, for what a browser opens itself (a download link, the event stream): `controlUrl('getSnapshot')`. */
export function controlUrl(id: ControlRouteId, input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {}, origin = ''): string {
  return `${origin}${CONTROL_BASE}${pathOf(controlRoutes[id].path, input.params)}${queryString(input.query)}`;
}

async function refusal(res: Response, method: string, path: string): Promise<ControlApiError> {
  const text = await res.text().catch(() => '');
  try {
    const e = (JSON.parse(text) as { error?: { code?: string; message?: string; details?: RefusalDetail[] } }).error;
    if (e) return new ControlApiError(res.status, e.code ?? 'http_error', e.message ?? `HTTP ${res.status}`, e.details ?? []);
  } catch {
    // not the simulator's JSON (a proxy's error page): the status says it
  }
  return new ControlApiError(res.status, 'http_error', `HTTP ${res.status} from ${method} ${path}`);
}

export function createControlClient(options: ControlClientOptions): ControlClient {
  const headers = { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) };
  const call = async (spec: ControlRouteSpec, input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; encoding?: string } = {}) => {
    const path = `${CONTROL_BASE}${pathOf(spec.path, input.params)}${queryString(input.query)}`;
    const upload = spec.kind === 'upload';
    const sent = upload || input.body !== undefined || spec.method !== 'GET';
    const res = await fetch(options.origin + path, {
      method: spec.method,
      headers: {
        ...headers,
        ...(upload ? { 'content-type': 'application/octet-stream', ...(input.encoding ? { 'content-encoding': input.encoding } : {}) } : sent ? { 'content-type': 'application/json' } : {}),
      },
      body: upload ? (input.body as BodyInit) : sent ? JSON.stringify(input.body ?? {}) : undefined,
    });
    if (!res.ok) throw await refusal(res, spec.method, path);
    if (spec.kind === 'stream') return res;
    if (spec.kind === 'download') return new Uint8Array(await res.arrayBuffer());
    const text = await res.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ControlApiError(res.status, 'unreadable', `The simulator's answer to ${spec.method} ${path} is not JSON.`);
    }
  };
  const client: Record<string, (input?: never) => Promise<unknown>> = {};
  for (const [id, spec] of Object.entries(controlRoutes) as [string, ControlRouteSpec][]) client[id] = (input?: never) => call(spec, input);
  return client as unknown as ControlClient;
}
