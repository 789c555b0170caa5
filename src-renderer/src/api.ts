// The UI's only transport: the control API over HTTP (architecture principle 2), through the typed client generated
// from the one table of control routes (src-shared/control-api): `control.acceptConsultation({ params: { sid } })`.
import { ControlApiError, createControlClient } from '../../src-shared/control-api/client';

/** A refusal: its status, code, sentence and details by path (screens/settings/refusals.ts puts them by their fields). */
export { ControlApiError as ApiError };

/** Says the tester decided in the UI (behaviour §18: a held request's journal entry records who decided). */
export const control = createControlClient({ origin: '', headers: { 'x-sim-actor': 'ui' } });

/** The request log's view as query parameters (Export HAR names the rows the log shows). */
export const qs = (params: Record<string, string | number | undefined | null>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** @deprecated by `control`: the calls that still name a path, until each screen reads the table (issue 36). */
async function call<T>(method: string, path: string, body?: unknown, raw?: BodyInit): Promise<T> {
  const res = await fetch(`/__sim/v1${path}`, {
    method,
    headers: { 'x-sim-actor': 'ui', ...(raw ? { 'content-type': 'application/octet-stream' } : body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    if (res.ok) throw new ControlApiError(res.status, 'unreadable', `The simulator's answer to ${method} ${path} is not JSON.`);
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: [] } } | undefined)?.error;
    throw new ControlApiError(res.status, err?.code ?? 'error', err?.message ?? `HTTP ${res.status}`, err?.details);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => call<T>('PATCH', path, body),
  del: <T>(path: string) => call<T>('DELETE', path),
  upload: <T>(path: string, file: Blob) => call<T>('POST', path, undefined, file),
};
