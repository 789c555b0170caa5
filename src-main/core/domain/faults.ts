// Fault rules: make chosen endpoints slow or failing, to test a partner's error handling.
import { z } from 'zod';
import type { FaultRule } from '../../../src-shared/control';
import type { DomainContext } from './context';
import { randomHex } from './context';

export const faultRuleSchema = z.object({
  id: z.string().optional(),
  endpoint: z.string().regex(/^([AB]\d{1,2}|\*)$/, 'endpoint must be an endpoint id such as A8, or *'),
  method: z.enum(['GET', 'POST']).optional(),
  delay_ms: z.number().int().min(0).max(60000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  message: z.string().max(500).optional(),
  probability: z.number().min(0).max(1).optional(),
  count: z.number().int().min(1).nullable().optional(),
});
export const faultRulesSchema = z.array(faultRuleSchema).max(100);

export function faultService(ctx: DomainContext, random: () => number = Math.random) {
  let rules: FaultRule[] = [];
  const persist = () =>
    ctx.db.run("INSERT INTO meta (key, value) VALUES ('faults', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [JSON.stringify(rules)]);
  return {
    load(): void {
      const row = ctx.db.get<{ value: string }>("SELECT value FROM meta WHERE key = 'faults'");
      rules = row ? (JSON.parse(row.value) as FaultRule[]) : [];
    },
    list: () => rules,
    replace(next: z.infer<typeof faultRulesSchema>): FaultRule[] {
      rules = next.map((r) => ({ ...r, id: r.id ?? randomHex(4), count: r.count ?? null }));
      persist();
      ctx.events.state('faults', 'all', 'updated');
      return rules;
    },
    /** The first rule that fires for this request, consuming one of its count. */
    match(endpoint: string, method: string): FaultRule | undefined {
      for (const r of rules) {
        if (r.endpoint !== '*' && r.endpoint !== endpoint) continue;
        if (r.method && r.method !== method) continue;
        if (r.count === 0) continue;
        if (random() >= (r.probability ?? 1)) continue;
        if (typeof r.count === 'number') {
          r.count -= 1;
          persist();
        }
        return r;
      }
      return undefined;
    },
  };
}
