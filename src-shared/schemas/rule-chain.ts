// One attribute checked the way Laravel's validator checks it, for the rules zod's own chain cannot say:
// zod stops at a failed type (`z.string()` on an array says nothing more), Laravel does not. `required`
// is implicit: when it fails nothing else runs (Validator::shouldStopValidating). Every other rule runs
// in its order whatever failed before it (no `bail`), each failure its own message: an array sent as a
// name is "must be a string." and "format is invalid.", as in Laravel.
import { z } from 'zod';
import { isPhpArray } from './php-values';

export interface Rule {
  passes: (value: unknown) => boolean;
  message: string;
}

/** The field's JSON Schema for openapi.json (zod cannot read it from a custom check). */
export type JsonMeta = Record<string, unknown>;

/** PHP's trim set: what `required` calls blank (validateRequired trims before it judges). */
const PHP_BLANK = /^[ \t\n\r\0\x0B]*$/;

/** Laravel's validateRequired: null, a blank string, an empty array all fail it; `false` and `0` do not. */
export function filled(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return !PHP_BLANK.test(v);
  if (isPhpArray(v)) return Object.keys(v).length > 0;
  return true;
}

/**
 * A field of `rules`, required or not. An absent optional field is not judged (`.optional()` answers it
 * before the check). Issues are never marked aborted, so the request's cross-field rules still run.
 */
export function ruleChain(o: { required?: string; rules: Rule[]; json: JsonMeta }): z.ZodType {
  return z
    .unknown()
    .check((ctx) => {
      const value = ctx.value;
      if (o.required !== undefined && !filled(value)) {
        ctx.issues.push({ code: 'custom', message: o.required, input: value });
        return;
      }
      for (const rule of o.rules) if (!rule.passes(value)) ctx.issues.push({ code: 'custom', message: rule.message, input: value });
    })
    .meta(o.json);
}
