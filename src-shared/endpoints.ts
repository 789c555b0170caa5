// The route table of the partner API: every endpoint of both families, its method,
// where its input lives, its credentials and its request schema. The router, the
// journal, the fault rules, the UI filters and openapi.json all read this one table.
import type { z } from 'zod';
import * as A from './schemas/application';
import * as B from './schemas/client';

export type Family = 'application' | 'client';
export type EndpointId =
  | 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'A7' | 'A8' | 'A9' | 'A10' | 'A11' | 'A12' | 'A13' | 'A14'
  | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'B8' | 'B9' | 'B10' | 'B11';

export interface Endpoint {
  id: EndpointId;
  family: Family;
  method: 'GET' | 'POST';
  path: string; // relative to the family prefix
  summary: string;
  auth: 'none' | 'basic' | 'api_key';
  input: 'none' | 'body' | 'query' | 'multipart-or-body';
  schema?: z.ZodType;
}

export const FAMILY_PREFIX: Record<Family, string> = {
  application: '/api/v2/{name}',
  client: '/client/user/{name}/v2',
};

export const ENDPOINTS: Endpoint[] = [
  { id: 'A1', family: 'application', method: 'GET', path: '/media-url', summary: 'Media base URL of the app', auth: 'none', input: 'none' },
  { id: 'A2', family: 'application', method: 'POST', path: '/pet/add', summary: 'Add a pet for a user', auth: 'basic', input: 'body', schema: A.petAddBody },
  { id: 'A3', family: 'application', method: 'POST', path: '/pet/update', summary: 'Update a pet (JSON, or form-data with a profile image)', auth: 'basic', input: 'multipart-or-body', schema: A.petUpdateBody },
  { id: 'A4', family: 'application', method: 'POST', path: '/pet/remove', summary: 'Remove a pet', auth: 'basic', input: 'body', schema: A.petRemoveBody },
  { id: 'A5', family: 'application', method: 'GET', path: '/pet/list', summary: "List a user's pets", auth: 'basic', input: 'query', schema: A.petListQuery },
  { id: 'A6', family: 'application', method: 'POST', path: '/report/webappuser/profile', summary: 'Web user report', auth: 'basic', input: 'body', schema: A.webUserReportBody },
  { id: 'A7', family: 'application', method: 'POST', path: '/register-user', summary: 'Register a user', auth: 'basic', input: 'body', schema: A.registerUserBody },
  { id: 'A8', family: 'application', method: 'POST', path: '/talk-to-vet', summary: 'Start a chat or video consultation', auth: 'basic', input: 'body', schema: A.talkToVetBody },
  { id: 'A9', family: 'application', method: 'GET', path: '/refresh', summary: 'Refresh the real-time session token (GET with a JSON body)', auth: 'basic', input: 'body', schema: A.refreshBody },
  { id: 'A10', family: 'application', method: 'POST', path: '/end', summary: 'End a chat', auth: 'basic', input: 'body', schema: A.endChatBody },
  { id: 'A11', family: 'application', method: 'POST', path: '/feedback', summary: "Read the vet's feedback on a consultation", auth: 'basic', input: 'body', schema: A.feedbackBody },
  { id: 'A12', family: 'application', method: 'POST', path: '/actions', summary: "Report a user's status", auth: 'basic', input: 'body', schema: A.userActionBody },
  { id: 'A13', family: 'application', method: 'POST', path: '/delete-user', summary: 'Delete a user', auth: 'basic', input: 'body', schema: A.deleteUserBody },
  { id: 'A14', family: 'application', method: 'POST', path: '/video-call-action', summary: 'Report a video call outcome', auth: 'basic', input: 'body', schema: A.videoCallActionBody },
  { id: 'B1', family: 'client', method: 'POST', path: '/pet/add', summary: 'Add a pet for a user', auth: 'none', input: 'body', schema: A.petAddBody },
  { id: 'B2', family: 'client', method: 'POST', path: '/pet/update', summary: 'Update a pet (JSON, or form-data with a profile image)', auth: 'none', input: 'multipart-or-body', schema: A.petUpdateBody },
  { id: 'B3', family: 'client', method: 'POST', path: '/pet/remove', summary: 'Remove a pet', auth: 'none', input: 'body', schema: A.petRemoveBody },
  { id: 'B4', family: 'client', method: 'GET', path: '/pet/list', summary: "List a user's pets", auth: 'none', input: 'query', schema: A.petListQuery },
  { id: 'B5', family: 'client', method: 'POST', path: '/report/user/list', summary: 'Client user report with pagination', auth: 'none', input: 'body', schema: B.userReportBody },
  { id: 'B6', family: 'client', method: 'POST', path: '/report/payment/list', summary: 'Payment report (export=csv for a CSV file)', auth: 'none', input: 'body', schema: B.paymentReportBody },
  { id: 'B7', family: 'client', method: 'GET', path: '/vet/feedbacks', summary: 'Vet feedback list (GET with a JSON body)', auth: 'none', input: 'body', schema: B.vetFeedbacksBody },
  { id: 'B8', family: 'client', method: 'POST', path: '/pet/switch', summary: 'Switch the default pet', auth: 'none', input: 'query', schema: B.petSwitchQuery },
  { id: 'B9', family: 'client', method: 'POST', path: '/register-user', summary: 'Register a client user with a pet and a payment', auth: 'api_key', input: 'body', schema: B.clientRegisterBody },
  { id: 'B10', family: 'client', method: 'POST', path: '/talk-to-vet', summary: 'Start a chat (registering the user if needed)', auth: 'api_key', input: 'body', schema: B.clientTalkToVetBody },
  { id: 'B11', family: 'client', method: 'POST', path: '/actions', summary: "Report a client user's status", auth: 'api_key', input: 'body', schema: B.clientActionBody },
];

export const ENDPOINT_BY_ID = new Map(ENDPOINTS.map((e) => [e.id, e]));
