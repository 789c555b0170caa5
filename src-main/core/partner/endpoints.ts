// Every partner endpoint the simulator answers, both families, in the order of the route table: the
// router, the pipeline and the read cache read this list.
import { ENDPOINT_LIST, type EndpointId } from '../../../src-shared/endpoint-list';
import { APPLICATION_ENDPOINTS } from './application/endpoints';
import { CLIENT_ENDPOINTS } from './client/endpoints';
import type { PartnerEndpoint } from './endpoint';

// One definition per endpoint id, none missing: the compiler checks it here.
const BY_ID: { [Id in EndpointId]: PartnerEndpoint<Id> } = { ...APPLICATION_ENDPOINTS, ...CLIENT_ENDPOINTS };

export const PARTNER_ENDPOINTS: readonly PartnerEndpoint[] = ENDPOINT_LIST.map((e) => BY_ID[e.id]);
