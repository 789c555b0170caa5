// The vet autopilot (behaviour §17), put together: its rules (configuration), the scheduler consultations.open
// calls, the steps that run on the simulator clock, and the timer that runs them in real time.
//
//   PUT rules ──► rules.ts (meta row; survives restart and reset)
//   A8 / B10 ──► consultations.open ──► scheduler.ts: the first fitting rule's steps, all with their due times,
//                                       in autopilot_steps (state: survives kill -9, a reset clears it)
//   clock moved / real time passes ──► steps.ts: each due step in due order, one unit of work each, its cause
//                                       in the timeline; a tester's action takes the consultation over
import { autopilotJsonSchema } from '../../../../src-shared/schemas/autopilot';
import { realTimeAutopilot } from './real-time';
import type { AutopilotRulesService } from './rules';
import { autopilotSteps, type StepDeps } from './steps';

export function autopilotService(deps: StepDeps & { rules: AutopilotRulesService }) {
  const steps = autopilotSteps(deps);
  return {
    steps,
    realTime: realTimeAutopilot({ clock: deps.clock, steps }),
    /** The rules in force (no rules: `{ rules: [] }`). */
    get: () => deps.rules.get(),
    /** Checks and stores a rules document for consultations created from now on; throws InvalidAutopilot (422). */
    set: (input: unknown) => deps.rules.set(input),
    /** The autopilot off: no rules, and every pending step dropped (each consultation's timeline says so). */
    clear: () => deps.rules.clear((tx) => steps.dropAll(tx)),
    pending: steps.pending,
    /** The JSON Schema of a rules document, from the zod schema that checks them. */
    schema: autopilotJsonSchema,
  };
}

export type AutopilotService = ReturnType<typeof autopilotService>;
