// The contract between the partner pipeline and an endpoint's handler.
import type { AppRecord } from '../../../src-shared/control';
import type { EndpointId } from '../../../src-shared/endpoints';
import type { DomainContext } from '../domain/context';
import type { Services } from '../domain/services';

export interface PartnerRequest<I = any> {
  app: AppRecord;
  input: I;
  file?: { mime: string; data: Uint8Array; originalName: string };
  services: Services;
  ctx: DomainContext;
  /** `http://<the Host the client called>`: for URLs handed back to that client. */
  baseUrl: string;
}

export type PartnerResult =
  | { message: string; data: unknown; status?: number }
  | { raw: { contentType: string; body: string; fileName?: string } };

export type PartnerHandler = (req: PartnerRequest) => PartnerResult | Promise<PartnerResult>;
export type HandlerTable = Partial<Record<EndpointId, PartnerHandler>>;
