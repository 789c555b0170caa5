// Step 7: one zod schema per endpoint → the validated input, or a 422 with every Laravel message.
// The input comes normalised (body.ts): trimmed, "" as null and nulls dropped where validation reads them.
import type { z } from 'zod';
import { DomainError } from '../errors';

/** A 422 that keeps the schema's issues: the journal's why of the refusal reads them (partner/why/validation.ts). */
export class ValidationRefusal extends DomainError {
  constructor(messages: string[], readonly issues: readonly z.core.$ZodIssue[]) {
    super(422, messages);
  }
}

export function validateInput<T>(schema: z.ZodType<T>, input: Record<string, unknown>): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((i) => i.message))];
  throw new ValidationRefusal(messages, result.error.issues);
}
