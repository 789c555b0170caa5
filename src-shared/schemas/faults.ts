// Fault rules (behaviour §18): the shape PUT /__sim/v1/faults takes, one zod schema shared by the simulator and
// the UI's rule form (src-renderer/src/screens/settings/field-checks.ts), so the form refuses exactly what the
// simulator would.
import { z } from 'zod';
import { MAX_FAULT_RULES } from '../control.js';

export { MAX_FAULT_RULES };

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
export const faultRulesSchema = z.array(faultRuleSchema).max(MAX_FAULT_RULES);
