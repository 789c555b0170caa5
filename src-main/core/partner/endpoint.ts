// An endpoint as the simulator runs it: its contract (src-shared/endpoints.ts: route, request schema,
// message, response schema) with the use case that does the work and the family's view of the result.
//
//   input ─► schema (422 with Laravel's sentences) ─► use case: uow.run(tx => …), then any signing ─► view ─► data
//
// The use case's input is the schema's output, never a type written by hand; the compiler refuses a use
// case written for another schema, and a view whose answer does not fit the response schema.
import type { z } from 'zod';
import type { AppRecord } from '../../../src-shared/control';
import type { Endpoint, EndpointId } from '../../../src-shared/endpoints';
import { PROFILE_UPLOAD } from '../../../src-shared/schemas/application';
import type { DomainContext } from '../domain/context';
import type { Services } from '../domain/services';
import type { UploadedImage } from '../http/multipart';
import { validateInput, ValidationRefusal } from '../http/validate';

/** What a use case and a view know of the request beside its input. */
export interface PartnerContext {
  app: AppRecord;
  services: Services;
  ctx: DomainContext;
  /** The image of a multipart body (A3/B2's `profile`), if one came. */
  file?: UploadedImage;
  /** `http://<the Host the client called>`: for URLs handed back to that client. */
  baseUrl: string;
  /** A8/B10 released from a hold with the vet the tester picked (behaviour §18): that vet, not the usual pick. */
  chosenVet?: string;
  /** Set by `run`: the consultation the answer opened or granted (Definition.consultation's `result`). */
  consultation?: string;
}

/**
 * The consultation a call touches, which its timeline lists the call under (behaviour §16): named in the request
 * (`input` picks the sid from the input as read, before validation, so a refused call is listed too; anything
 * but a short string names none), or opened or granted by the answer.
 */
export type TouchedConsultation<R> = { input: (input: Record<string, unknown>) => unknown } | { result: (result: R) => string | undefined };

/** The longest sid a request may name for the index (ours are 34 characters); a longer value names none. */
const MAX_SID = 64;

/** The input an endpoint's schema produces; an endpoint without a schema reads none. */
export type InputOf<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** The work behind an endpoint, the same for both families where they do the same thing. */
export type UseCase<I, R> = (c: PartnerContext, input: I) => R | Promise<R>;

/**
 * What a use case may use of the house: the request's facts (app, file, base URL, chosen vet), the unit of work,
 * and the services it names — not every service and the database. A use case declares `c: Uses<'pets' | 'users'>`;
 * the pipeline's full PartnerContext satisfies any such narrower one.
 */
export type Uses<K extends keyof Services = never> = Omit<PartnerContext, 'services' | 'ctx'> & {
  services: Pick<Services, K>;
  ctx: Pick<DomainContext, 'uow'>;
};

/**
 * A use case over `schema`'s output (the schema itself is the endpoint's: this only types the input). Its
 * context is the narrow one it declares (`Uses<…>`), or the whole PartnerContext when it declares none.
 */
export const useCase = <S extends z.ZodType | null, R, C extends Uses<keyof Services> | PartnerContext = PartnerContext>(
  _schema: S,
  run: (c: C, input: InputOf<S>) => R | Promise<R>,
): UseCase<InputOf<S>, R> => run as UseCase<InputOf<S>, R>;

/** An answer other than the envelope: B6's CSV export. */
export class Attachment {
  constructor(readonly contentType: string, readonly body: string, readonly fileName: string) {}
}

/** The view of an action that has nothing to show: `data: true`. */
export const done = (): true => true;

type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;
/** Fails the definition when its use case takes another input than its schema gives. */
type InputMatches<I, S> = Same<I, InputOf<S>> extends true ? unknown : { useCase: "a use case of another endpoint's schema" };

interface Definition<Id extends EndpointId, S extends z.ZodType | null, D extends z.ZodType, Csv extends true | undefined, I, R> extends Endpoint<S, D, Csv> {
  id: Id;
  useCase: UseCase<I, R>;
  /** The family's serializer: the result as the response schema says `data` is (or, where the contract allows, a file). */
  view: (result: R, c: PartnerContext) => z.input<D> | (Csv extends true ? Attachment : never);
  /**
   * Its 200 answer is a function of the stored data, the app and the query string alone (no clock, no
   * randomness, no writes, no URL built from the caller's Host): the read cache may keep it (read-cache.ts).
   */
  pureRead?: true;
  consultation?: TouchedConsultation<R>;
}

/** An endpoint ready to answer, its types erased: what the router and the pipeline hold. */
export interface PartnerEndpoint<Id extends EndpointId = EndpointId> extends Endpoint {
  id: Id;
  pureRead: boolean;
  /** Validates `input` (422 with Laravel's sentences): the use case's input. */
  validate(input: Record<string, unknown>): unknown;
  /** Runs the use case on a validated input, then the view: the `data` of the success envelope, or an attachment. */
  run(c: PartnerContext, valid: unknown): Promise<unknown>;
  /** The consultation the request names (Definition.consultation's `input`); undefined for an endpoint that names none in its input. */
  consultationIn?: (input: Record<string, unknown>) => string | undefined;
}

/**
 * A3/B2: the schema's rules, then `profile`'s (Laravel's `image`/`mimes`, PROFILE_UPLOAD). An uploaded file comes
 * beside the input, never in it, so a `profile` in the input (a JSON string, a form's text field) is no file: its
 * message joins the others, last, as `profile` comes after the body's fields. A file's type is judged when it is stored.
 */
function validateWithUpload(schema: z.ZodType, input: Record<string, unknown>): unknown {
  const notAFile = input[PROFILE_UPLOAD.field] !== undefined;
  let valid: unknown;
  try {
    valid = validateInput(schema, input);
  } catch (err) {
    if (notAFile && err instanceof ValidationRefusal) throw new ValidationRefusal([...err.messages, PROFILE_UPLOAD.message], err.issues);
    throw err;
  }
  if (notAFile) throw new ValidationRefusal([PROFILE_UPLOAD.message], []);
  return valid;
}

export function defineEndpoint<Id extends EndpointId, S extends z.ZodType | null, D extends z.ZodType, Csv extends true | undefined, I, R>(
  def: Definition<Id, S, D, Csv, I, R> & InputMatches<I, S>,
): PartnerEndpoint<Id> {
  const { useCase: run, view, schema } = def;
  const named = def.consultation && 'input' in def.consultation ? def.consultation.input : undefined;
  const touched = def.consultation && 'result' in def.consultation ? def.consultation.result : undefined;
  // Written out, not spread: every endpoint then has the same shape, and the pipeline's reads of it stay monomorphic.
  return {
    id: def.id, family: def.family, method: def.method, path: def.path, summary: def.summary, auth: def.auth, input: def.input,
    schema, message: def.message, response: def.response, csv: def.csv, pureRead: def.pureRead === true,
    // Two steps, not one: a hold (behaviour §18) waits between them, after validation and before any work.
    validate: schema && def.input === 'multipart-or-body'
      ? (input) => validateWithUpload(schema, input)
      : (input) => (schema ? validateInput(schema, input) : {}),
    // InputMatches made I the output of `schema`: the validated input is the use case's input.
    run: touched
      ? async (c, valid) => {
          const result = await run(c, valid as I);
          c.consultation = touched(result);
          return view(result, c);
        }
      : async (c, valid) => view(await run(c, valid as I), c),
    consultationIn: named && ((input) => {
      const sid = named(input);
      return typeof sid === 'string' && sid.length > 0 && sid.length <= MAX_SID ? sid : undefined;
    }),
  };
}
