// Acting as the partner from the UI (issue 37): real partner API calls (A8 talk-to-vet, A11 feedback) sent from the
// browser with the app's own Basic credentials, journaled like any other call; `x-sim-actor: ui` marks them as
// the tester's (the journal keeps the request headers, so the entry shows who sent it).
import type { AppRecord } from '../store/shared';

export interface PartnerAnswer<T = unknown> {
  status: number;
  /** The envelope as the partner API sent it (success, message, data), or null when it was not JSON. */
  body: { success?: boolean; message?: unknown; data?: T } | null;
  /** The envelope's message as one sentence, for a refusal. */
  text: string;
}

const basic = (app: AppRecord) => `Basic ${btoa(`${app.api_username}:${app.api_token}`)}`;

export async function partnerCall<T>(app: AppRecord, path: string, body: object): Promise<PartnerAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/v2/${encodeURIComponent(app.name)}/${path}`, {
      method: 'POST',
      headers: { authorization: basic(app), 'content-type': 'application/json', accept: 'application/json', 'x-sim-actor': 'ui' },
      body: JSON.stringify(body),
    });
  } catch {
    return { status: 0, body: null, text: 'The simulator did not answer (is it running?).' };
  }
  const raw = await res.text();
  let parsed: PartnerAnswer<T>['body'] = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const message = parsed?.message;
  const text = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : message && typeof message === 'object' ? Object.values(message).flat().join(' ') : `HTTP ${res.status}`;
  return { status: res.status, body: parsed, text };
}
