// zod → JSON Schema (draft 2020-12, as OpenAPI 3.1 uses), tidied for readers and generators.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const SAFE = Number.MAX_SAFE_INTEGER;

/** Drops what z.toJSONSchema adds that does not belong inside an OpenAPI document. */
export function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$schema' || k === '$id') continue;
    if ((k === 'minimum' && v === -SAFE) || (k === 'maximum' && v === SAFE)) continue; // z.int()'s safe-integer bounds say nothing
    out[k] = tidy(v);
  }
  return out;
}

type ZodDef = { type: string; in?: z.ZodType; out?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: ZodDef } })._zod.def;

/**
 * Request schemas in input form. A numeric field is `number | numeric string` piped into an integer
 * check; in input form zod shows only the union, so the integer rule and its bounds (`minimum: 0`)
 * are copied from the pipe's output onto the number branch.
 */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  const js = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: (ctx) => {
      const def = defOf(ctx.zodSchema as unknown as z.ZodType);
      if (def.type !== 'pipe' || !def.out || defOf(def.out).type !== 'number') return;
      const rule = z.toJSONSchema(def.out, { io: 'output' }) as JsonSchema;
      const branches = (ctx.jsonSchema.anyOf as JsonSchema[] | undefined) ?? [];
      for (const b of branches) {
        if (b.type !== 'number') continue;
        if (rule.type === 'integer') b.type = 'integer';
        if (typeof rule.minimum === 'number' && rule.minimum !== -SAFE) b.minimum = rule.minimum;
        if (typeof rule.maximum === 'number' && rule.maximum !== SAFE) b.maximum = rule.maximum;
      }
    },
  });
  return patchRules(tidy(js) as JsonSchema);
}

/**
 * Rules a zod refinement enforces but JSON Schema cannot read from it. `species` is checked by a
 * case-insensitive refinement: the document states the values (answered lower-case).
 */
const RULES_BY_FIELD: Record<string, JsonSchema> = {
  species: { type: 'string', enum: ['dog', 'cat'], description: '`dog` or `cat`; accepted in any letter case, answered lower-case.' },
};

function patchRules(schema: JsonSchema): JsonSchema {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props) return schema;
  for (const [name, prop] of Object.entries(props)) {
    if (RULES_BY_FIELD[name] && prop.type === 'string') props[name] = { ...prop, ...RULES_BY_FIELD[name] };
    else if (prop.type === 'object') patchRules(prop);
  }
  return schema;
}
