// Running the autopilot's steps. Each step is one unit of work through the same domain rules as the vet's own
// actions (consultations.accept / endChat / recordOutcome, messages.post as the vet, feedback.write,
// vets.setOnline), and leaves a line in the consultation's timeline saying why (`rule 1, step 0, draw 0.27 →
// declined`). A step that no longer applies (the partner ended the chat first) is skipped, its reason in the
// timeline — never an error. A tester's own action takes the consultation over: its pending steps are dropped.
import type { AutopilotStep, PendingStep } from '../../../../src-shared/control';
import { pendingStepFields } from '../../../../src-shared/control-api/answers';
import { clockInRange, type SimClock } from '../../clock';
import type { AutopilotStepRow } from '../../db/repositories/autopilot';
import type { ConsultationRow } from '../../db/repositories/types';
import type { UnitOfWork } from '../../db/unit-of-work';
import { DomainError } from '../../errors';
import type { ConsultationService } from '../consultations';
import type { Reads, Tx } from '../context';
import type { feedbackService } from '../feedback';
import type { MessageService } from '../messages';
import type { VetService } from '../vets';
import { weightedOutcome } from './draws';
import { fillPlaceholders } from './say';
import { actionOf } from './scheduler';

export interface StepDeps {
  clock: SimClock;
  uow: UnitOfWork;
  reads: Reads;
  consultations: ConsultationService;
  messages: MessageService;
  feedback: ReturnType<typeof feedbackService>;
  vets: VetService;
}

/** Writes made with every step, in its unit of work (the clock service stores the time the step ran at). */
export type AlsoIn = (tx: Tx) => void;
const nothing: AlsoIn = () => {};
/**
 * A stored due time that is no time (text, 1e300: restores refuse them, snapshot-rows.ts; this is the last guard)
 * counts as due at once, so the step is skipped with its reason instead of blocking or failing anything.
 */
const dueMs = (due: unknown): number => (typeof due === 'number' && clockInRange(due) ? due : 0);
/** A stored step's action word; undefined for a body that does not read (never a 500 on GET /autopilot/pending). */
/** The actions a pending step may show: the answer schema's own list. */
const PENDING_ACTIONS: readonly string[] = pendingStepFields.shape.action.options;

function storedAction(body: string): PendingStep['action'] | undefined {
  try {
    const action = actionOf(JSON.parse(body) as AutopilotStep);
    // One of the schema's actions, or none (a body this version cannot read is skipped where it is reached).
    return PENDING_ACTIONS.includes(action) ? (action as PendingStep['action']) : undefined;
  } catch {
    return undefined;
  }
}
const plural = (n: number) => `${n} pending step${n === 1 ? '' : 's'}`;

export function autopilotSteps(d: StepDeps) {
  const record = (tx: Tx, c: ConsultationRow, action: string, cause: string) =>
    tx.messages.addActivity({ consultation_id: c.id, at: d.clock.iso(), actor: 'autopilot', action, cause });

  /** Does the step through the domain's rules; its action word for the timeline and what was drawn, if anything. */
  function perform(tx: Tx, c: ConsultationRow, row: AutopilotStepRow, step: AutopilotStep): { action: string; drawn?: string } {
    if (step.do === 'accept') {
      d.consultations.accept(tx, c.sid);
      return { action: 'accept' };
    }
    if (step.do === 'end') {
      d.consultations.endChat(tx, c.sid);
      return { action: 'end' };
    }
    if (step.say !== undefined) {
      d.messages.post(tx, c, 'vet', fillPlaceholders(tx, c, step.say));
      return { action: 'say' };
    }
    if (step.feedback) {
      d.feedback.write(tx, c.sid, step.feedback);
      return { action: 'feedback' };
    }
    if (step.vet_online !== undefined) {
      d.vets.setOnline(c.vet_id, step.vet_online); // its own unit of work joins this one
      return { action: `vet_online:${step.vet_online}` };
    }
    if (step.outcome === undefined) throw new Error(`A stored step does nothing: ${row.body}`);
    const outcome = typeof step.outcome === 'string' ? step.outcome : weightedOutcome(step.outcome, row.draw ?? 0);
    d.consultations.recordOutcome(tx, c.sid, outcome);
    return { action: `outcome:${outcome}`, drawn: row.draw === null ? undefined : `draw ${row.draw.toFixed(2)} → ${outcome}` };
  }

  const steps = {
    /** When the next pending step falls due (epoch ms on the simulator clock), if there is one. */
    nextDue: (): number | undefined => {
      const row = d.reads.autopilot.first();
      return row && dueMs(row.due_at);
    },

    /**
     * Runs the step that falls due first, whenever it is due; false when none is pending. A step that cannot run —
     * a stored body that does not read included (restores check them, snapshot-rows.ts; this is the last guard) —
     * is removed and skipped with its reason in the timeline, so it never stops the steps after it.
     */
    runNext(alsoIn: AlsoIn = nothing): boolean {
      const row = d.reads.autopilot.first();
      if (!row) return false;
      const cause = `rule ${row.rule}, step ${row.step}`;
      let step: AutopilotStep | undefined;
      try {
        step = JSON.parse(row.body) as AutopilotStep;
        d.uow.run((tx) => {
          tx.autopilot.remove(row.id);
          const c = tx.consultations.byId(row.consultation_id);
          if (!c) return; // no consultation, no step (a reset removes both together)
          const done = perform(tx, c, row, step!);
          record(tx, c, done.action, done.drawn ? `${cause}, ${done.drawn}` : cause);
          tx.events.state('autopilot', c.sid, 'ran');
          alsoIn(tx);
        });
      } catch (err) {
        const reason = err instanceof DomainError ? err.messages.join(' ') : step ? `the simulator failed: ${(err as Error).message}` : 'the stored step does not read';
        if (!(err instanceof DomainError)) console.error(`Autopilot ${cause} of consultation ${row.consultation_id} failed:`, err);
        try {
          d.uow.run((tx) => {
            tx.autopilot.remove(row.id);
            const c = tx.consultations.byId(row.consultation_id);
            if (c) {
              record(tx, c, 'skipped', `${cause} (${step ? actionOf(step) : '?'}): ${reason}`);
              tx.events.state('autopilot', c.sid, 'skipped');
            }
            alsoIn(tx);
          });
        } catch {
          throw err; // nothing can be written (a failing disk): the step stays pending, and the caller hears why
        }
      }
      return true;
    },

    /** Runs, in due order, every step due by `until` (epoch ms), without moving the clock. */
    runDue(until: number, alsoIn: AlsoIn = nothing): number {
      let ran = 0;
      for (let due = steps.nextDue(); due !== undefined && due <= until; due = steps.nextDue()) ran += Number(steps.runNext(alsoIn));
      return ran;
    },

    /** A tester's own action on `c` (in its unit of work): the autopilot lets go of it, and the timeline says so. */
    takeOver(tx: Tx, c: ConsultationRow): void {
      const dropped = tx.autopilot.removeOf(c.id);
      if (!dropped) return;
      record(tx, c, 'taken_over', `${plural(dropped)} dropped`);
      tx.events.state('autopilot', c.sid, 'taken_over');
    },

    /** The rules were cleared: nothing the autopilot planned runs any more (each consultation's timeline says so). */
    dropAll(tx: Tx): void {
      for (const { consultation_id, n } of tx.autopilot.holders()) {
        const c = tx.consultations.byId(consultation_id);
        if (c) record(tx, c, 'dropped', `the rules were cleared: ${plural(n)} dropped`);
      }
      tx.autopilot.removeAll();
    },

    /** Pending steps in due order (of one consultation when `sid` is given). */
    pending(filter: { sid?: string } = {}, limit = 500): { items: PendingStep[]; total: number } {
      const { rows, total } = d.reads.autopilot.page(filter, limit);
      // A step whose body does not read is left out: it is skipped, with its reason, as soon as it is reached.
      const items = rows.flatMap((r) => {
        const action = storedAction(r.body);
        return action ? [{ sid: r.sid, rule: r.rule, step: r.step, action, due_at: new Date(dueMs(r.due_at)).toISOString() }] : [];
      });
      return { items, total };
    },
  };
  return steps;
}

export type AutopilotSteps = ReturnType<typeof autopilotSteps>;
