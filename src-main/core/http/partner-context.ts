// What the partner pipeline learns about a request as it goes, kept on res.locals (the journal's capture reads it there).
import type { ServerResponse } from 'node:http';
import type { AppRecord } from '../../../src-shared/control';
import type { Endpoint, Family } from '../../../src-shared/endpoints';

export interface PartnerLocals {
  started: number;
  family: Family | null;
  endpoint?: Endpoint;
  appName: string | null;
  app?: AppRecord;
  input?: unknown;
  /** `mime` is decided from the bytes; `declaredMime` is what the client's part said (journal and HAR). */
  file?: { mime: string; data: Uint8Array; originalName: string; declaredMime?: string };
  rawBody?: string;
  error?: string;
  responseBody?: string;
}

export const partnerLocals = (res: ServerResponse) => (res as ServerResponse & { locals: PartnerLocals }).locals;
