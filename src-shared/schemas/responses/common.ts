// Building blocks of the response schemas: the registry that names components in
// openapi.json, and the field types the serializers print.
import { z } from 'zod';

/** Every schema added here becomes `#/components/schemas/<id>` of the partner document. */
export const partnerComponents = z.registry<{ id: string; description?: string }>();

export function component<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  partnerComponents.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

export const id = z.int();
/** `YYYY-MM-DD HH:MM:SS`, UTC (behaviour §6). Left a plain string: formats are the serializers' business. */
export const timestamp = z.string();
export const nullableText = z.string().nullable();
/**
 * Relations the simulator does not model and always sends as null; the real service may fill them,
 * so the type says "an object or null". (A bare `null` type would also vanish from openapi-fetch's
 * response types, which drop keys whose non-null part is empty.)
 */
export const unmodelledRelation = z.record(z.string(), z.unknown()).nullable();
/** Relations the real service sends as arrays the simulator keeps empty. */
export const emptyRelation = z.array(z.unknown());
export const role = z.enum(['users', 'protect_users']);
