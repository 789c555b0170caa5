// Step 7: one zod schema per endpoint → the validated input, or a 422 with every Laravel message.
import type { z } from 'zod';
import { DomainError } from '../errors';

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * After ConvertEmptyStringsToNull a null is an absent value for every rule we state (none is `nullable`
 * with a meaning of its own): `pet.name: ""` leaves the name alone. Top level and nested objects (A3's
 * `pet`), iteratively; the body parser has already bounded the depth.
 */
function blankToAbsent(input: unknown): Bag {
  if (!isBag(input)) return {};
  const root: Bag = {};
  const stack: [Bag, Bag][] = [[input, root]];
  while (stack.length) {
    const [source, target] = stack.pop()!;
    for (const [k, v] of Object.entries(source)) {
      if (v === '' || v === null || k === '__proto__') continue;
      if (isBag(v)) stack.push([v, (target[k] = {}) as Bag]);
      else target[k] = v;
    }
  }
  return root;
}

export function validateInput<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(blankToAbsent(raw));
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((i) => i.message))];
  throw new DomainError(422, messages);
}
