// The UI's only transport: the control API over HTTP (architecture principle 2).
import type { ControlErrorBody, RefusalDetail } from '../../src-shared/control';

export class ApiError extends Error {
  /** `details`: what the refusal names one by one, each with its path (screens/settings/refusals.ts puts them by their fields). */
  constructor(readonly status: number, readonly code: string, message: string, readonly details: RefusalDetail[] = []) {
    super(message);
  }
}

/** Says the tester decided in the UI (behaviour §18: a held request's journal entry records who decided). */
const ACTOR = { 'x-sim-actor': 'ui' };

async function call<T>(method: string, path: string, body?: unknown, raw?: BodyInit): Promise<T> {
  const res = await fetch(`/__sim/v1${path}`, {
    method,
    headers: { ...ACTOR, ...(raw ? { 'content-type': 'application/octet-stream' } : body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not the simulator's JSON (a proxy's error page): a refusal says the status, an answer is unreadable.
    if (res.ok) throw new ApiError(res.status, 'unreadable', `The simulator's answer to ${method} ${path} is not JSON.`);
  }
  if (!res.ok) {
    const err = (data as Partial<ControlErrorBody> | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'error', err?.message ?? `HTTP ${res.status}`, err?.details);
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

export const qs = (params: Record<string, string | number | undefined | null>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};
