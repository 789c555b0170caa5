// The failure responses of the partner API (behaviour §4): which statuses each endpoint can answer.
import type { Endpoint } from '../../../src-shared/endpoints';

const FAILURES: Record<string, string> = {
  '400': 'The body cannot be read: JSON nested deeper than 64 levels, a corrupt compressed body or a malformed multipart part (malformed JSON is read as empty input, as Laravel does, and answered 422 by the rules).',
  '401': 'Credentials missing or wrong: `["Unauthenticated."]` (Basic, with `WWW-Authenticate`), or `["Invalid API key."]` (client family).',
  '402': 'The test card was declined: `["Your card was declined."]` or `["Your card has insufficient funds."]`.',
  '404': 'Unknown app, user, pet, chat, room, identity or feedback: `["App Not Found"]`, `["User Not Found"]`, `["Pet Not Found"]`, …',
  '405': 'The path exists with another method: `["Method Not Allowed"]`, with an `Allow` header.',
  '409': 'The state forbids it: `["Chat already ended"]`, an outcome already recorded, a role change not allowed.',
  '413': 'Body over 1 MiB (JSON) or 5 MiB (image): `["Payload Too Large"]`.',
  '422': 'Validation: one sentence per failed rule, in Laravel wording (`The email field is required.`).',
  '429': 'Rate limit of the app exceeded: `["Too Many Attempts."]`, with `Retry-After`.',
  '500': 'Unexpected: `["Server Error"]`.',
  '503': 'No vet online and free: `["No vet is available right now."]`.',
};


/** Reusable `components/responses`, one per status, each the failure envelope. */
export function failureResponses() {
  return Object.fromEntries(
    Object.entries(FAILURES).map(([status, description]) => [
      `Failure${status}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
    ]),
  );
}

const CONFLICTS = new Set(['A10', 'A12', 'A14', 'B11']);
const CARD_PAYMENTS = new Set(['B9', 'B10']);
const NEEDS_A_VET = new Set(['A8', 'B10']);

/** The statuses one endpoint can fail with; `default` covers injected faults (any 4xx/5xx). */
export function failuresOf(e: Endpoint) {
  const statuses = ['404', '405', '429', '500'];
  if (e.input !== 'none') statuses.push('400', '413', '422');
  if (e.auth !== 'none') statuses.push('401');
  if (CARD_PAYMENTS.has(e.id)) statuses.push('402');
  if (CONFLICTS.has(e.id)) statuses.push('409');
  if (NEEDS_A_VET.has(e.id)) statuses.push('503');
  const responses: Record<string, unknown> = {};
  for (const s of statuses.sort()) responses[s] = { $ref: `#/components/responses/Failure${s}` };
  responses.default = { description: 'An injected fault (a fault rule of the control API): any 4xx/5xx status, the failure envelope.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } };
  return responses;
}
