// The route table of the partner API: every endpoint of both families (endpoint-list.ts) with its
// request schema. The router, the journal, the fault rules and openapi.json all read this one table.
import type { z } from 'zod';
import * as A from './schemas/application';
import * as B from './schemas/client';
import { ENDPOINT_LIST, type EndpointInfo } from './endpoint-list';

export { FAMILY_PREFIX, type EndpointId, type Family } from './endpoint-list';

export interface Endpoint extends EndpointInfo {
  schema?: z.ZodType;
}

const SCHEMAS: Partial<Record<string, z.ZodType>> = {
  A2: A.petAddBody,
  A3: A.petUpdateBody,
  A4: A.petRemoveBody,
  A5: A.petListQuery,
  A6: A.webUserReportBody,
  A7: A.registerUserBody,
  A8: A.talkToVetBody,
  A9: A.refreshBody,
  A10: A.endChatBody,
  A11: A.feedbackBody,
  A12: A.userActionBody,
  A13: A.deleteUserBody,
  A14: A.videoCallActionBody,
  B1: A.petAddBody,
  B2: A.petUpdateBody,
  B3: A.petRemoveBody,
  B4: A.petListQuery,
  B5: B.userReportBody,
  B6: B.paymentReportBody,
  B7: B.vetFeedbacksBody,
  B8: B.petSwitchQuery,
  B9: B.clientRegisterBody,
  B10: B.clientTalkToVetBody,
  B11: B.clientActionBody,
};

export const ENDPOINTS: Endpoint[] = ENDPOINT_LIST.map((e) => ({ ...e, schema: SCHEMAS[e.id] }));
export const ENDPOINT_BY_ID = new Map(ENDPOINTS.map((e) => [e.id, e]));
