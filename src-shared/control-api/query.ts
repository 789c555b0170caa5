// The control API's query parameters, read as it always has: leniently. A junk `page` is page 1, a `limit`
// beyond its bounds is clamped, an empty value is no value; only the journal's time bounds and the HAR's
// switches refuse a bad value (their handlers say which). Each parameter documents itself for the OpenAPI
// document (`param`), since a lenient reader's own schema says only "anything".
import { z } from 'zod';

/** The parameter's schema in the OpenAPI document. */
export interface ParamDoc {
  param: Record<string, unknown>;
}

/** A non-empty string, or nothing (an empty value or a repeated parameter is no value). */
export const textValue = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
/** Only digits: a whole number; anything else is no value. */
export const wholeNumber = (v: unknown): number | undefined => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

// `.optional()` outside the transform: an absent parameter is a key zod lets be missing (it skips the transform).
export const textParam = (param: Record<string, unknown> = { type: 'string' }) => z.unknown().transform(textValue).optional().meta({ param });
export const wholeParam = (param: Record<string, unknown> = { type: 'integer', minimum: 1 }) => z.unknown().transform(wholeNumber).optional().meta({ param });

/** A count read as parseInt reads it ("20abc" is 20), clamped to [min, max]; no value or junk is `fallback`. */
export const clampedParam = (fallback: number, min: number, max: number) =>
  z
    .unknown()
    .transform((v) => Math.min(max, Math.max(min, Number.parseInt(String(v ?? fallback), 10) || fallback)))
    .default(fallback)
    .meta({ param: { type: 'integer', minimum: min, maximum: max, default: fallback } });

/** A whole number (digits only; anything else is `fallback`), clamped to [min, max]: `limit`s. */
export const limitParam = (fallback: number, min: number, max: number) =>
  z
    .unknown()
    .transform((v) => Math.min(max, Math.max(min, wholeNumber(v) ?? fallback)))
    .default(fallback)
    .meta({ param: { type: 'integer', minimum: min, maximum: max, default: fallback } });

/** `page` and `per_page` of every paged list (per_page 1–500, default 50). */
export const paging = { page: clampedParam(1, 1, Number.MAX_SAFE_INTEGER), per_page: clampedParam(50, 1, 500) };
export const listing = { app_id: wholeParam(), q: textParam(), ...paging };

const timeBound = { type: 'string', description: 'Epoch milliseconds or an ISO 8601 time (inclusive)' };
/** The journal's filters, shared by the list, the count and the HAR export. */
export const journalFilters = {
  family: textParam({ type: 'string', enum: ['application', 'client'] }),
  status: textParam({ type: 'string', examples: ['2xx', '4xx'] }),
  q: textParam({ type: 'string', description: 'Searches path, query, endpoint, method and both bodies (case-insensitive)' }),
  app: textParam(), endpoint: textParam(), method: textParam(),
  source: textParam({ type: 'string', enum: ['partner', 'control'], description: 'partner: the partner API\'s requests only; control: an agent\'s control calls only (behaviour §21); both when absent' }),
  from: textParam(timeBound), to: textParam(timeBound),
};

/** `include` or `omit` (the default); anything else is refused by the handler, naming the parameter. */
export const switchParam = (description: string) => textParam({ type: 'string', enum: ['omit', 'include'], description });

/** A path parameter that is a row id: the string's number (a junk id finds nothing, answered 404 as always). */
export const rowId = z.string().transform(Number).meta({ param: { type: 'integer' } });
export const textId = z.string().meta({ param: { type: 'string' } });
