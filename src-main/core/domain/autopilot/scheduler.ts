// Scheduling: when a consultation is opened, the first rule that fits it writes ALL its steps, each with its due
// time on the simulator clock, in the very unit of work that creates the consultation. A kill -9 after the partner's
// 200 therefore keeps them, a refused A8 leaves none, and GET /autopilot/pending shows the whole plan at once.
// Each step is stored as it is now (a later change of the rules drives new consultations only), and so is the
// draw of a weighted outcome: hash(seed, sid) decides it here, once.
import type { AutopilotStep } from '../../../../src-shared/control';
import { durationMs } from '../../../../src-shared/schemas/autopilot';
import { CLOCK_MAX_MS, type SimClock } from '../../clock';
import type { ConsultationRow } from '../../db/repositories/types';
import type { Tx } from '../context';
import { drawsFor } from './draws';
import { firstFittingRule, type ConsultationFacts } from './match';
import type { AutopilotRulesService } from './rules';

/** What a step does, in a word: accept, end, say, feedback, outcome or vet_online. */
export const actionOf = (step: AutopilotStep): string => step.do ?? (['say', 'feedback', 'outcome', 'vet_online'] as const).find((k) => step[k] !== undefined) ?? '?';

export function autopilotScheduler({ clock, rules }: { clock: SimClock; rules: AutopilotRulesService }) {
  return {
    /** Called by consultations.open inside its unit of work: the steps of the first rule that fits, if any. */
    schedule(tx: Tx, consultation: ConsultationRow, facts: ConsultationFacts): void {
      const doc = rules.get();
      const index = firstFittingRule(doc.rules, facts);
      if (index < 0) return;
      const draw = drawsFor(doc.seed ?? 0, consultation.sid);
      let due = clock.nowMs();
      for (const [i, step] of doc.rules[index].steps.entries()) {
        due += durationMs(step.after ?? '0s') ?? 0;
        // A step due after 9999 could never run (the clock stops there and refuses to go further): neither it nor the
        // steps after it are planned, as a restore refuses such a step (snapshot-rows.ts).
        if (due > CLOCK_MAX_MS) break;
        const weighted = typeof step.outcome === 'object';
        tx.autopilot.insert({ consultation_id: consultation.id, rule: index, step: i, due_at: due, body: JSON.stringify(step), draw: weighted ? draw() : null });
      }
      tx.events.state('autopilot', consultation.sid, 'scheduled');
    },
  };
}

export type AutopilotScheduler = ReturnType<typeof autopilotScheduler>;
