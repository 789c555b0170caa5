// What the partner pipeline learns about a request as it goes, kept on res.locals.
import type { Response } from 'express';
import type { AppRecord } from '../../../src-shared/control';
import type { Endpoint, Family } from '../../../src-shared/endpoints';

export interface PartnerLocals {
  started: number;
  family: Family | null;
  endpoint?: Endpoint;
  appName: string | null;
  app?: AppRecord;
  input?: unknown;
  file?: { mime: string; data: Uint8Array; originalName: string };
  rawBody?: string;
  error?: string;
  responseBody?: string;
}

export const partnerLocals = (res: Response) => res.locals as unknown as PartnerLocals;
