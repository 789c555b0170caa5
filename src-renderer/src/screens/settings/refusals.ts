// The control API refuses with structured details (behaviour §12): `{code, message, details: [{path, message}]}`,
// one detail per field it refuses (`name`, `3.status`, `cors_allowed_origins.1`). The screens put each detail by
// the field its path names, in the simulator's words as sent; nothing here reads a sentence apart.

import { ApiError } from '../../api';
import type { RefusalDetail } from '../../../../src-shared/control';

export type { RefusalDetail };

/** What a failed call names field by field: an ApiError's details, none for anything else (the network, a bug). */
export const detailsOf = (e: unknown): RefusalDetail[] => (e instanceof ApiError ? e.details : []);

/** Whether `path` names the field `field` or one item of its list (`cors_allowed_origins.1`). */
export const namesField = (path: string, field: string): boolean =>
  path === field || (path.startsWith(`${field}.`) && /^\d+$/.test(path.slice(field.length + 1)));

/** What the refusal says of `field`, as the simulator said it, or undefined when it names no such field. */
export const detailFor = (e: unknown, field: string): string | undefined =>
  detailsOf(e).find((d) => namesField(d.path, field))?.message;

/** A detail shown away from any field (the form's own error line): its path, then what the simulator said there. */
export const detailText = (d: RefusalDetail): string => (d.path ? `${d.path}: ${d.message}` : d.message);
