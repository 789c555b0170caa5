// The partner API's contract, one entry per endpoint of both families: its route (endpoint-list.ts, light
// enough for the UI bundle), the request schema that validates it and types its use case, the message of
// its success and the shape of its `data`. The simulator's endpoint definitions (src-main/core/partner)
// add the use case and the family's view to these; the router, the journal, the fault rules, the read
// cache, openapi.json and the contract test all read the one list.
import { z } from 'zod';
import type * as Responses from './schemas/responses';
import * as A from './schemas/application';
import * as B from './schemas/client';
import { ENDPOINT_LIST, type EndpointId, type EndpointInfo } from './endpoint-list';

export { FAMILY_PREFIX, type EndpointId, type Family } from './endpoint-list';

/** The response components, handed to `response` by whoever builds the schemas (openapi.json). */
export type ResponseComponents = typeof Responses;

/** What an endpoint accepts and answers, beside its route. */
export interface Contract<S extends z.ZodType | null = z.ZodType | null, D extends z.ZodType = z.ZodType, Csv = true | undefined> {
  /** Validates the input (query string and body as Laravel merges them); null: the endpoint reads none. */
  schema: S;
  /** The one sentence of `message` in its success envelope. */
  message: string;
  /** The schema of its success `data`, built on demand (the partner pipeline never builds it). */
  response: (r: ResponseComponents) => D;
  /** With `export=csv` it answers a CSV attachment instead of the envelope (B6). */
  csv?: Csv;
}

export interface Endpoint<S extends z.ZodType | null = z.ZodType | null, D extends z.ZodType = z.ZodType, Csv = true | undefined>
  extends EndpointInfo, Contract<S, D, Csv> {}

const ROUTES = new Map(ENDPOINT_LIST.map((e) => [e.id, e]));
const contract = <Id extends EndpointId, S extends z.ZodType | null, D extends z.ZodType>(
  id: Id,
  c: Contract<S, D, undefined>,
): Endpoint<S, D, undefined> & { id: Id } => ({ ...ROUTES.get(id)!, id, ...c });

export const CONTRACTS = {
  A1: contract('A1', { schema: null, message: 'Media URL', response: () => z.strictObject({ media_url: z.string().describe('`<base>/media/<app name>/`') }) }),
  A2: contract('A2', { schema: A.petAddBody, message: 'Pet Added', response: (r) => z.strictObject({ email: z.string(), pet: r.applicationPet }) }),
  A3: contract('A3', { schema: A.petUpdateBody, message: 'Pet Updated', response: (r) => z.strictObject({ pet: r.applicationPet }) }),
  A4: contract('A4', { schema: A.petRemoveBody, message: 'Pet data deleted successfully', response: (r) => r.done }),
  A5: contract('A5', { schema: A.petListQuery, message: 'pet list', response: (r) => z.strictObject({ list: z.array(r.applicationPet) }) }),
  A6: contract('A6', { schema: A.webUserReportBody, message: 'Successfully Get User Details.', response: (r) => z.array(r.webUserRow) }),
  A7: contract('A7', {
    schema: A.registerUserBody,
    message: 'User registered successfully.',
    response: (r) => z.strictObject({ user: r.applicationUser, rtcToken: z.string(), emergency_stats: r.emergencyStats }),
  }),
  A8: contract('A8', {
    schema: A.talkToVetBody,
    message: 'User Found Successfully',
    response: (r) =>
      z.strictObject({
        channel: z.string().describe('The channel (chat) or room (video) sid'), vet: r.vetSummary, identity: z.string(),
        stringify_response: r.stringified(r.applicationSession),
      }),
  }),
  A9: contract('A9', { schema: A.refreshBody, message: 'User token', response: () => z.strictObject({ rtcToken: z.string() }) }),
  A10: contract('A10', { schema: A.endChatBody, message: 'End chat successful', response: (r) => r.done }),
  A11: contract('A11', { schema: A.feedbackBody, message: 'Vet Feedback', response: (r) => r.feedbackDetail }),
  A12: contract('A12', { schema: A.userActionBody, message: 'End chat successful', response: (r) => r.done }),
  A13: contract('A13', { schema: A.deleteUserBody, message: 'User deleted successfully', response: (r) => r.deletedUser }),
  A14: contract('A14', { schema: A.videoCallActionBody, message: 'Video call status updated', response: (r) => r.done }),
  B1: contract('B1', { schema: A.petAddBody, message: 'Pet Added', response: (r) => z.strictObject({ email: z.string(), pet: r.clientPet }) }),
  B2: contract('B2', { schema: A.petUpdateBody, message: 'Pet Added', response: (r) => z.strictObject({ email: z.string(), pet: r.clientPet }) }),
  B3: contract('B3', { schema: A.petRemoveBody, message: 'Pet data deleted successfully', response: (r) => r.done }),
  B4: contract('B4', { schema: A.petListQuery, message: 'pet list', response: (r) => z.strictObject({ list: z.array(r.clientPet) }) }),
  B5: contract('B5', {
    schema: B.userReportBody,
    message: 'User Record Fetched Successfully.',
    response: (r) => z.strictObject({ list: z.array(r.clientUserRow), pagination: r.pagination }),
  }),
  B6: { ...contract('B6', { schema: B.paymentReportBody, message: 'Payment Record Fetched Successfully.', response: (r) => z.array(r.paymentRow) }), csv: true as const },
  B7: contract('B7', { schema: B.vetFeedbacksBody, message: 'Record Fetched Successfully .', response: (r) => z.array(r.feedbackListItem) }),
  B8: contract('B8', { schema: B.petSwitchQuery, message: 'Pet Switched Successfully', response: (r) => r.petSwitch }),
  B9: contract('B9', { schema: B.clientRegisterBody, message: 'User Created Successfully', response: (r) => r.stringifyResponse(r.clientRegistrationSession) }),
  B10: contract('B10', { schema: B.clientTalkToVetBody, message: 'User Found Successfully', response: (r) => r.stringifyResponse(r.clientChatSession) }),
  B11: contract('B11', { schema: B.clientActionBody, message: 'User action successful', response: (r) => r.clientAction }),
} satisfies Record<EndpointId, Endpoint>;

/** Every endpoint, in the order of the route table. */
export const ENDPOINTS: Endpoint[] = ENDPOINT_LIST.map((e) => CONTRACTS[e.id]);
