// Fault rules: make chosen endpoints slow or failing, to test a partner's error handling.
import { z } from 'zod';
import { faultRuleSchema, faultRulesSchema, MAX_FAULT_RULES } from '../../../src-shared/schemas/faults';
import type { FaultRule } from '../../../src-shared/control';
import type { UnitOfWork } from '../db/unit-of-work';
import type { Reads, Tx } from './context';
import { UNSEEDED, type Randomness } from './randomness';
import { readStoredSetting } from './stored-setting';

export { faultRuleSchema, faultRulesSchema };
/** Rules as stored: every one has its id, and a count that ran down may be 0. */
const storedRulesSchema = z.array(faultRuleSchema.extend({ id: z.string(), count: z.number().int().min(0).nullable() })).max(MAX_FAULT_RULES);

const FAULTS_KEY = 'faults';

export function faultService({ uow, reads, random = Math.random, ids = UNSEEDED }: { uow: UnitOfWork; reads: Reads; random?: () => number; ids?: Randomness }) {
  let rules: FaultRule[] = [];
  const persist = (tx: Tx, next: FaultRule[]) => tx.meta.set(FAULTS_KEY, JSON.stringify(next));
  return {
    /**
     * The stored rules (at start, after a reset or a restore); rules that do not read as fault rules (a hostile
     * snapshot's `{"a":1}` made every partner request answer 500) mean none: the sentence to tell, or undefined.
     */
    load(): string | undefined {
      const read = readStoredSetting(reads.meta, FAULTS_KEY, (json) => storedRulesSchema.parse(json) as FaultRule[], [],
        () => 'The stored fault rules do not read as fault rules; none are in force.');
      rules = read.value;
      return read.problem;
    },
    list: () => rules,
    replace(next: z.infer<typeof faultRulesSchema>): FaultRule[] {
      const replaced = next.map((r) => ({ ...r, id: r.id ?? ids.hex(4), count: r.count ?? null }));
      uow.run((tx) => {
        persist(tx, replaced);
        tx.events.state('faults', 'all', 'updated');
      });
      rules = replaced; // once stored: a refused write leaves the rules that are in force
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
          // Told like a replacement: a screen showing what is left of the count reads the rules again.
          uow.run((tx) => {
            persist(tx, rules);
            tx.events.state('faults', r.id, 'used');
          });
        }
        return r;
      }
      return undefined;
    },
  };
}
