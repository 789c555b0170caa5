// The building blocks of every partner success and failure: the resource components (pets, users,
// consultations, report rows) and the envelopes. Which endpoint answers which `data` is stated once, in
// that endpoint's contract (src-shared/endpoints.ts), as a function of this module: the partner pipeline
// never loads these schemas (building them is ~10 ms of a cold start); openapi.json and the contract test do.
import { z } from 'zod';
import { component, partnerComponents } from './common';
import { stringified } from './consultations';

export { partnerComponents, stringified };
export { clientAction, clientUserRow, pagination, paymentRow } from './client-users';
export {
  applicationSession, clientChatSession, clientRegistrationSession, feedbackDetail, feedbackListItem, vetSummary,
} from './consultations';
export { applicationPet, clientPet, petSwitch } from './pets';
export { applicationUser, deletedUser, emergencyStats, webUserRow } from './users';

/** `data: true`: the answer of an action that has nothing to show. */
export const done = z.literal(true);

/** `{ stringify_response }`: the client family's session, a JSON document sent as a string. */
export const stringifyResponse = (session: z.ZodType) => z.strictObject({ stringify_response: stringified(session) });

/** The success envelope of one endpoint, registered as the component `<id>Success`. */
export const successEnvelope = (id: string, data: z.ZodType, message: string) =>
  component(
    `${id}Success`,
    z.strictObject({
      success: z.literal(true),
      status_code: z.literal(200),
      message: z.array(z.string()).meta({ examples: [[message]] }),
      data,
    }),
  );

/** The failure envelope of every partner route, registered as the component `Failure`. */
export const failureEnvelope = () =>
  component(
    'Failure',
    z.strictObject({
      success: z.literal(false),
      status_code: z.int().min(400).max(599),
      message: z.array(z.string()).min(1).describe('One sentence per failed rule'),
      data: z.array(z.never()).max(0).describe('Always `[]` on failure'),
    }),
    'The failure envelope of every partner route: `data` is `[]`.',
  );
