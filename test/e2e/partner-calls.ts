// Partner calls a browser test makes beside the page, as the demo app (`demo:demo-secret`): its own client.
import { expect } from 'vitest';
import { fetchJson } from './fetch-json';
import { BASIC_DEMO } from './partner-bodies';

export type PartnerCall = (method: string, path: string, body?: object) => ReturnType<typeof fetchJson>;

/** A JSON call to the simulator at `base()` (read at each call: the session starts after the module loads). */
export const partnerCaller = (base: () => string): PartnerCall => (method, path, body) =>
  fetchJson(base() + path, method, body, { 'content-type': 'application/json', ...BASIC_DEMO });

/** A chat (A8) for Mira's first pet, answered 200: its sid. */
export async function startChat(call: PartnerCall): Promise<string> {
  const r = await call('POST', '/api/v2/demo/talk-to-vet', { email: 'mira@example.com', conversation_request: 'chat', pet_id: 1 });
  expect(r.status).toBe(200);
  return r.body.data.channel;
}
