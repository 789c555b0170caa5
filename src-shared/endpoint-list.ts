// The route table of the partner API without its schemas (each endpoint's contract, endpoints.ts, adds
// them): light enough for the UI bundle.

export type Family = 'application' | 'client';
export type EndpointId =
  | 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'A7' | 'A8' | 'A9' | 'A10' | 'A11' | 'A12' | 'A13' | 'A14'
  | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'B8' | 'B9' | 'B10' | 'B11';

export const FAMILY_PREFIX: Record<Family, string> = {
  application: '/api/v2/{name}',
  client: '/client/user/{name}/v2',
};

export interface EndpointInfo {
  id: EndpointId;
  family: Family;
  method: 'GET' | 'POST';
  path: string; // relative to the family prefix
  summary: string;
  auth: 'none' | 'basic' | 'api_key';
  /**
   * Where the spec shows the parameters, for the OpenAPI document. The simulator reads every endpoint as
   * Laravel does, whatever this says: the query string merged with a JSON, urlencoded or multipart body.
   */
  input: 'none' | 'body' | 'query' | 'multipart-or-body';
}

export const ENDPOINT_LIST: EndpointInfo[] = [
  { id: 'A1', family: 'application', method: 'GET', path: '/media-url', summary: 'Media base URL of the app', auth: 'none', input: 'none' },
  { id: 'A2', family: 'application', method: 'POST', path: '/pet/add', summary: 'Add a pet for a user', auth: 'basic', input: 'body' },
  { id: 'A3', family: 'application', method: 'POST', path: '/pet/update', summary: 'Update a pet (JSON, or form-data with a profile image)', auth: 'basic', input: 'multipart-or-body' },
  { id: 'A4', family: 'application', method: 'POST', path: '/pet/remove', summary: 'Remove a pet', auth: 'basic', input: 'body' },
  { id: 'A5', family: 'application', method: 'GET', path: '/pet/list', summary: "List a user's pets", auth: 'basic', input: 'query' },
  { id: 'A6', family: 'application', method: 'POST', path: '/report/webappuser/profile', summary: 'Web user report', auth: 'basic', input: 'body' },
  { id: 'A7', family: 'application', method: 'POST', path: '/register-user', summary: 'Register a user', auth: 'basic', input: 'body' },
  { id: 'A8', family: 'application', method: 'POST', path: '/talk-to-vet', summary: 'Start a chat or video consultation', auth: 'basic', input: 'body' },
  { id: 'A9', family: 'application', method: 'GET', path: '/refresh', summary: 'Refresh the real-time session token (GET; query string or JSON body)', auth: 'basic', input: 'body' },
  { id: 'A10', family: 'application', method: 'POST', path: '/end', summary: 'End a chat', auth: 'basic', input: 'body' },
  { id: 'A11', family: 'application', method: 'POST', path: '/feedback', summary: "Read the vet's feedback on a consultation", auth: 'basic', input: 'body' },
  { id: 'A12', family: 'application', method: 'POST', path: '/actions', summary: "Report a user's status", auth: 'basic', input: 'body' },
  { id: 'A13', family: 'application', method: 'POST', path: '/delete-user', summary: 'Delete a user', auth: 'basic', input: 'body' },
  { id: 'A14', family: 'application', method: 'POST', path: '/video-call-action', summary: 'Report a video call outcome', auth: 'basic', input: 'body' },
  { id: 'B1', family: 'client', method: 'POST', path: '/pet/add', summary: 'Add a pet for a user', auth: 'none', input: 'body' },
  { id: 'B2', family: 'client', method: 'POST', path: '/pet/update', summary: 'Update a pet (JSON, or form-data with a profile image)', auth: 'none', input: 'multipart-or-body' },
  { id: 'B3', family: 'client', method: 'POST', path: '/pet/remove', summary: 'Remove a pet', auth: 'none', input: 'body' },
  { id: 'B4', family: 'client', method: 'GET', path: '/pet/list', summary: "List a user's pets", auth: 'none', input: 'query' },
  { id: 'B5', family: 'client', method: 'POST', path: '/report/user/list', summary: 'Client user report with pagination', auth: 'none', input: 'body' },
  { id: 'B6', family: 'client', method: 'POST', path: '/report/payment/list', summary: 'Payment report (export=csv for a CSV file)', auth: 'none', input: 'body' },
  { id: 'B7', family: 'client', method: 'GET', path: '/vet/feedbacks', summary: 'Vet feedback list (GET; query string or JSON body)', auth: 'none', input: 'body' },
  { id: 'B8', family: 'client', method: 'POST', path: '/pet/switch', summary: 'Switch the default pet', auth: 'none', input: 'query' },
  { id: 'B9', family: 'client', method: 'POST', path: '/register-user', summary: 'Register a client user with a pet and a payment', auth: 'api_key', input: 'body' },
  { id: 'B10', family: 'client', method: 'POST', path: '/talk-to-vet', summary: 'Start a chat (registering the user if needed)', auth: 'api_key', input: 'body' },
  { id: 'B11', family: 'client', method: 'POST', path: '/actions', summary: "Report a client user's status", auth: 'api_key', input: 'body' },
];
