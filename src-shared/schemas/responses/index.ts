// The success response of every partner endpoint: the message it answers and the shape of `data`.
// openapi.json declares these, and the contract test holds every response of the test suite to them.
import { z } from 'zod';
import type { EndpointId } from '../../endpoint-list';
import { component, partnerComponents } from './common';
import { clientAction, clientUserRow, pagination, paymentRow } from './client-users';
import {
  applicationSession, clientChatSession, clientRegistrationSession, feedbackDetail, feedbackListItem, stringified, vetSummary,
} from './consultations';
import { applicationPet, clientPet, petSwitch } from './pets';
import { applicationUser, deletedUser, emergencyStats, webUserRow } from './users';

export { partnerComponents };

export interface SuccessResponse {
  message: string;
  data: z.ZodType;
  /** The JSON document inside `data.stringify_response`. */
  session?: z.ZodType;
  /** B6 `export=csv` answers a CSV attachment instead of the envelope. */
  csv?: true;
}

const done = z.literal(true);
const stringifyResponse = (session: z.ZodType) => z.strictObject({ stringify_response: stringified(session) });

export const SUCCESS_RESPONSES: Record<EndpointId, SuccessResponse> = {
  A1: { message: 'Media URL', data: z.strictObject({ media_url: z.string().describe('`<base>/media/<app name>/`') }) },
  A2: { message: 'Pet Added', data: z.strictObject({ email: z.string(), pet: applicationPet }) },
  A3: { message: 'Pet Updated', data: z.strictObject({ pet: applicationPet }) },
  A4: { message: 'Pet data deleted successfully', data: done },
  A5: { message: 'pet list', data: z.strictObject({ list: z.array(applicationPet) }) },
  A6: { message: 'Successfully Get User Details.', data: z.array(webUserRow) },
  A7: { message: 'User registered successfully.', data: z.strictObject({ user: applicationUser, rtcToken: z.string(), emergency_stats: emergencyStats }) },
  A8: {
    message: 'User Found Successfully',
    data: z.strictObject({ channel: z.string().describe('The channel (chat) or room (video) sid'), vet: vetSummary, identity: z.string(), stringify_response: stringified(applicationSession) }),
    session: applicationSession,
  },
  A9: { message: 'User token', data: z.strictObject({ rtcToken: z.string() }) },
  A10: { message: 'End chat successful', data: done },
  A11: { message: 'Vet Feedback', data: feedbackDetail },
  A12: { message: 'End chat successful', data: done },
  A13: { message: 'User deleted successfully', data: deletedUser },
  A14: { message: 'Video call status updated', data: done },
  B1: { message: 'Pet Added', data: z.strictObject({ email: z.string(), pet: clientPet }) },
  B2: { message: 'Pet Added', data: z.strictObject({ email: z.string(), pet: clientPet }) },
  B3: { message: 'Pet data deleted successfully', data: done },
  B4: { message: 'pet list', data: z.strictObject({ list: z.array(clientPet) }) },
  B5: { message: 'User Record Fetched Successfully.', data: z.strictObject({ list: z.array(clientUserRow), pagination }) },
  B6: { message: 'Payment Record Fetched Successfully.', data: z.array(paymentRow), csv: true },
  B7: { message: 'Record Fetched Successfully .', data: z.array(feedbackListItem) },
  B8: { message: 'Pet Switched Successfully', data: petSwitch },
  B9: { message: 'User Created Successfully', data: stringifyResponse(clientRegistrationSession), session: clientRegistrationSession },
  B10: { message: 'User Found Successfully', data: stringifyResponse(clientChatSession), session: clientChatSession },
  B11: { message: 'User action successful', data: clientAction },
};

/** The success envelope of one endpoint, registered as the component `<id>Success`. */
const successEnvelope = (data: z.ZodType, message: string) =>
  z.strictObject({
    success: z.literal(true),
    status_code: z.literal(200),
    message: z.array(z.string()).meta({ examples: [[message]] }),
    data,
  });

export const SUCCESS_ENVELOPES = Object.fromEntries(
  Object.entries(SUCCESS_RESPONSES).map(([endpoint, r]) => [endpoint, component(`${endpoint}Success`, successEnvelope(r.data, r.message))]),
) as unknown as Record<EndpointId, z.ZodType>;

export const failureEnvelope = component(
  'Failure',
  z.strictObject({
    success: z.literal(false),
    status_code: z.int().min(400).max(599),
    message: z.array(z.string()).min(1).describe('One sentence per failed rule'),
    data: z.array(z.never()).max(0).describe('Always `[]` on failure'),
  }),
  'The failure envelope of every partner route: `data` is `[]`.',
);

