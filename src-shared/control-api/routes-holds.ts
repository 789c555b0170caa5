// Control routes of holds (behaviour §18): arm, list and remove breakpoints on partner calls, list the requests
// they hold, and decide each one. A decision answers what the waiting client got.
import { z } from 'zod';
import { failBody, holdArmBody, matchKeysProblem, releaseBody, respondBody } from '../schemas/holds.js';
import * as A from './answers.js';
import { defineControlRoute as route } from './define.js';
import { textId, textParam } from './query.js';

const invalid = { status: 422, code: 'invalid', sentence: '<field>: <what is wrong there>; … (one per field, also in details)' } as const;
const noHeld = { status: 404, code: 'not_found', sentence: 'No held request <id>.' } as const;
const decided = { status: 409, code: 'conflict', sentence: 'Held request <id> was already decided (or its client left).' } as const;
const held = z.object({ id: textId });

/** A hold's `match` keys are checked before the rest, so a misspelt key is named as such (not as "unrecognized"). */
const armBody = z
  .unknown()
  .superRefine((body, ctx) => {
    const problem = matchKeysProblem(body);
    if (problem) ctx.addIssue({ code: 'custom', path: ['match'], message: problem });
  })
  .pipe(holdArmBody);

export const holdRoutes = {
  listHolds: route({ id: 'listHolds', method: 'GET', path: '/holds', tag: 'Holds', readOnly: true, answer: A.holdList, summary: 'The holds armed on partner calls' }),
  armHold: route({
    id: 'armHold', method: 'POST', path: '/holds', tag: 'Holds', body: armBody, documentedBody: holdArmBody, answer: A.hold, status: 201,
    refusals: [{ status: 409, code: 'too_many_holds', sentence: 'At most 100 holds may be armed at once; remove some first.' }, invalid],
    summary: 'Arm a hold: matching partner requests wait for a decision (release, fail, respond, close) after routing, app, rate limit, auth and validation',
  }),
  removeHold: route({
    id: 'removeHold', method: 'DELETE', path: '/holds/{id}', tag: 'Holds', params: held, answer: A.hold,
    refusals: [{ status: 404, code: 'not_found', sentence: 'No hold <id> is armed.' }], summary: 'Remove a hold (requests it already holds still wait)',
  }),
  listHeld: route({
    id: 'listHeld', method: 'GET', path: '/held', tag: 'Holds', readOnly: true, answer: A.heldList,
    query: z.object({
      hold_id: textParam(),
      wait_ms: z.unknown().optional().meta({ param: { type: 'integer', minimum: 0, maximum: 60000, description: 'Wait this long for the first held request when none is held yet' } }),
    }),
    refusals: [{ status: 422, code: 'invalid', sentence: 'wait_ms must be a number of milliseconds from 0 to 60000.' }],
    summary: 'Partner requests waiting for a decision, oldest first; wait_ms (≤ 60000) waits for the first when none is held',
  }),
  releaseAllHeld: route({ id: 'releaseAllHeld', method: 'POST', path: '/held/release-all', tag: 'Holds', answer: A.holdOutcomes,
    summary: 'Release every waiting request (each is processed normally)' }),
  releaseHeld: route({
    id: 'releaseHeld', method: 'POST', path: '/held/{id}/release', tag: 'Holds', params: held, body: releaseBody, answer: A.holdOutcome,
    refusals: [noHeld, decided, { status: 409, code: 'vet_unavailable', sentence: '<vet> is busy with another consultation (or offline)' }, invalid],
    summary: 'Release a held request: it is processed normally (A8/B10: optionally by the vet picked, who must be online and free)',
  }),
  failHeld: route({
    id: 'failHeld', method: 'POST', path: '/held/{id}/fail', tag: 'Holds', params: held, body: failBody, answer: A.holdOutcome, refusals: [noHeld, decided, invalid],
    summary: 'Answer a held request with the failure envelope (429 with Retry-After, 500, 503 or another 4xx); nothing is processed',
  }),
  respondHeld: route({
    id: 'respondHeld', method: 'POST', path: '/held/{id}/respond', tag: 'Holds', params: held, body: respondBody, answer: A.holdOutcome, refusals: [noHeld, decided, invalid],
    summary: 'Answer a held request with exactly this envelope; nothing is processed',
  }),
  closeHeld: route({
    id: 'closeHeld', method: 'POST', path: '/held/{id}/close', tag: 'Holds', params: held, answer: A.holdOutcome, refusals: [noHeld, decided],
    summary: 'Close a held request\'s connection with no answer',
  }),
};
