// What every field builder shares: the human label Laravel derives from a wire name, and the typing that
// makes a builder's zod type say whether the field is required (handlers get exact input types).
import type { z } from 'zod';

export type FieldBuilder = (name: string) => z.ZodType;

export function label(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

export const requiredOr = (name: string, other: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `The ${label(name)} field is required.` : other;

export type Opts = { required?: boolean };
const opt = <T extends z.ZodType>(schema: T, o: Opts | undefined) => (o?.required ? schema : schema.optional());

/** A builder whose zod type says whether the field is required, so handlers get exact input types. */
type Built<T, O> = (name: string) => [O] extends [{ required: true }] ? z.ZodType<T> : z.ZodOptional<z.ZodType<T>>;
export const typed = <T, O extends Opts>(o: O | undefined, b: (name: string) => z.ZodType) =>
  ((name: string) => opt(b(name), o)) as unknown as Built<T, O>;
