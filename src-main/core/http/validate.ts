// Step 7: one zod schema per endpoint → the validated input, or a 422 with every Laravel message.
import type { z } from 'zod';
import { DomainError } from '../errors';

/** Laravel's ConvertEmptyStringsToNull: "" and null count as absent. */
function blankToAbsent(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return {};
  return Object.fromEntries(Object.entries(input as Record<string, unknown>).filter(([, v]) => v !== '' && v !== null));
}

export function validateInput<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(blankToAbsent(raw));
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((i) => i.message))];
  throw new DomainError(422, messages);
}
