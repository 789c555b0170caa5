// Issue 14, cold start: a request schema builds its fields when it is first used, once (fields.ts), so a
// start no longer builds every endpoint's schemas; validation is the same as with fields built up front.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { email, fields, text, withRules, requiredIf } from '../../src-shared/schemas/fields';

describe('request schemas', () => {
  it('build each field on first use, once, however often they validate', () => {
    let built = 0;
    const counted = (b: (name: string) => z.ZodType) => (name: string) => (built++, b(name));
    const schema = withRules(fields({ email: counted(email({ required: true })), name: counted(text()) }), [requiredIf('name', 'email', 'x@y.example')]);
    expect(built).toBe(0);
    for (let i = 0; i < 3; i++) expect(schema.safeParse({ email: 'a@b.example' }).success).toBe(true);
    expect(built).toBe(2);
    const failed = schema.safeParse({ email: 'not an email', name: 5 });
    expect(failed.success).toBe(false);
    expect(failed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'The email must be a valid email address.'],
      ['name', 'The name must be a string.'],
    ]);
    expect(built).toBe(2);
  });
});
