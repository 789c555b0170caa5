// The why of a refusal a step threw (issue 37), decided from what the call knows when the pipeline answers it:
// a 401 after the input was read is the api_key's, a 422 the schema's, a 404/409/503 the use case's lookup,
// state or vets. The steps that refuse without throwing (unknown app, rate limit, Basic, fault rule, hold) set
// `call.why` themselves. A body that was not read as JSON adds why, whatever refused the call.
import type { AppRecord } from '../../../../src-shared/control';
import type { Reads } from '../../db/repositories';
import type { DomainError } from '../../errors';
import { ValidationRefusal } from '../../http/validate';
import type { PartnerEndpoint } from '../endpoint';
import { apiKeyWhy } from './auth';
import { notFoundWhy } from './lookups';
import { conflictWhy, noVetWhy } from './state';
import { validationWhy } from './validation';
import { detail, why, type Why } from './why';

/** What an explanation reads of the house: the committed data and the apps. */
export interface WhyReads {
  reads: Reads;
  apps: { list(): AppRecord[] };
}

/** What an explanation reads of the call. */
export interface RefusedCall {
  endpoint?: PartnerEndpoint;
  app?: AppRecord;
  input?: Record<string, unknown>;
  consultation?: string;
  /** The body reader's note (a body not read as JSON, and why). */
  error?: string;
  chosenVet?: string;
}

function explainStatus(deps: WhyReads, call: RefusedCall, err: DomainError): Why | null {
  const { status, messages } = err;
  const { endpoint, app } = call;
  const input = call.input ?? {};
  if (!app) return null;
  switch (status) {
    case 401:
      return endpoint?.auth === 'api_key' ? apiKeyWhy(app, input.api_key, deps.apps.list()) : null;
    case 422: {
      if (!(err instanceof ValidationRefusal) || !endpoint?.schema) return null;
      const own = new Set(err.issues.map((i) => i.message));
      return validationWhy(endpoint.schema, input, err.issues, err.messages.filter((m) => !own.has(m)));
    }
    case 404:
      return notFoundWhy({ reads: deps.reads, apps: deps.apps.list() }, app, messages[0] ?? '', input, call.consultation);
    case 409:
      return conflictWhy(deps.reads, messages.join(' '), call.consultation, input, app.id);
    case 503:
      return noVetWhy(deps.reads, { doctorEmail: input.doctor_email, chosenVet: call.chosenVet });
    default:
      return null;
  }
}

/**
 * Why the call was refused with `status` and `messages`: null where nothing more can be said than the answer
 * says. Never throws: an explanation that fails says so, and the answer is unchanged.
 */
export function explainRefusal(deps: WhyReads, call: RefusedCall, err: DomainError): Why | null {
  const { messages } = err;
  let found: Why | null;
  try {
    found = explainStatus(deps, call, err);
  } catch (err) {
    found = why(messages.join(' '), [detail('Not explained', `the simulator could not explain this refusal: ${(err as Error).message}`)]);
  }
  return withBodyNote(found, call.error, messages);
}

/** A body the reader did not read as JSON (or at all) says why, beside whatever refused the call. */
export function withBodyNote(found: Why | null, note: string | undefined, messages: readonly string[]): Why | null {
  // Only the body reader's notes (body-notes.ts): `error` also carries a hold's "Not held" note.
  if (!note?.startsWith('The body')) return found;
  // First: a body that gave no input is most often why the input was refused.
  const body = detail('Body', note);
  return found ? { summary: `${found.summary} The body gave no input: see Body.`, details: [body, ...found.details] } : why(messages.join(' ') || 'Refused.', [body]);
}
