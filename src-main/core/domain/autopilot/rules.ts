// The autopilot's rules: configuration, not state. Stored in the meta table like the clock and the fault rules,
// so they survive a restart; carried through a reset in the reset's own logged step (keep), so a reset clears
// what happened, not how the vets behave. Every way in is checked by the one schema (src-shared/schemas/autopilot.ts).
import type { AutopilotDocument, AutopilotProblem } from '../../../../src-shared/control';
import { checkAutopilot } from '../../../../src-shared/schemas/autopilot';
import type { UnitOfWork } from '../../db/unit-of-work';
import { DomainError } from '../../errors';
import type { Reads, Tx } from '../context';
import { readStoredSetting } from '../stored-setting';

const RULES_KEY = 'autopilot';
const NO_RULES: AutopilotDocument = { rules: [] };

/** A refused document, with every problem and where it is (the control API answers 422 invalid_autopilot). */
export class InvalidAutopilot extends DomainError {
  constructor(readonly problems: AutopilotProblem[]) {
    const first = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(422, [`The autopilot rules were not changed: ${first.path ? `${first.path}: ` : ''}${first.message}${more}.`], {}, 'invalid_autopilot');
  }
}

/** The document as checked, or the refusal naming its problems. */
export function validAutopilot(input: unknown): AutopilotDocument {
  const checked = checkAutopilot(input);
  if (!checked.ok) throw new InvalidAutopilot(checked.problems);
  return checked.document;
}

export function autopilotRulesService({ uow, reads }: { uow: UnitOfWork; reads: Reads }) {
  let current: AutopilotDocument = NO_RULES;
  return {
    /**
     * The stored rules (at start, after a reset or a restore); a stored value the schema refuses means none: the
     * sentence to tell (a notice at start; a restore with it is refused), as for fault rules and holds.
     */
    load(): string | undefined {
      const read = readStoredSetting(reads.meta, RULES_KEY, validAutopilot, NO_RULES,
        (err) => `The stored autopilot rules do not read (${(err as Error).message}); the autopilot is off until rules are set again.`);
      current = read.value;
      return read.problem;
    },
    get: (): AutopilotDocument => current,
    /** Replaces the rules for consultations created from now on; a refused document changes nothing. */
    set(input: unknown): AutopilotDocument {
      const next = validAutopilot(input);
      uow.run((tx) => {
        tx.meta.set(RULES_KEY, JSON.stringify(next));
        tx.events.state('autopilot', 'rules', 'updated');
      });
      current = next; // once stored: a refused write leaves the rules that are in force
      return current;
    },
    /** No rules; `alsoIn` runs in the same unit of work (the pending steps are dropped with them). */
    clear(alsoIn: (tx: Tx) => void = () => {}): AutopilotDocument {
      uow.run((tx) => {
        tx.meta.remove(RULES_KEY);
        alsoIn(tx);
        tx.events.state('autopilot', 'rules', 'cleared');
      });
      current = NO_RULES;
      return current;
    },
    /** Writes the rules in force into a reset's unit of work, which emptied the meta table. */
    keep(tx: Tx): void {
      if (current.rules.length || current.seed !== undefined) tx.meta.set(RULES_KEY, JSON.stringify(current));
    },
  };
}

export type AutopilotRulesService = ReturnType<typeof autopilotRulesService>;
