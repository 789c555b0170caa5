import type { z } from 'zod';
import type * as A from './control-api/answers.js';
import type * as AP from './schemas/autopilot.js';
import type * as H from './schemas/holds.js';
// Types of the control API (/__sim/v1) shared by the core and the tester UI.
/** One line of the request journal (behaviour §14): the control API's record, typed by its one schema (control-api/answers.ts). */
export type JournalSummary = z.output<typeof A.journalSummaryFields>;

/** A journal entry whole: headers, bodies (secrets masked), a hold's outcome, a refusal's why; typed by its one schema. */
export type JournalEntry = z.output<typeof A.journalEntryFields>;

/** A form field of a journaled multipart request; a file part carries its name, type and size, not its bytes. */
export type JournalParam = NonNullable<JournalEntry['request_params']>[number];

/** The event stream's `state` event: typed by its one schema (control-api/answers.ts). */
export type StateEvent = z.output<typeof A.stateEventFields>;

/** A fault rule as the simulator keeps it (behaviour §18): typed by its one schema (control-api/answers.ts). */
export type FaultRule = z.output<typeof A.faultRuleFields>;
/** The most fault rules the simulator keeps (schemas/faults.ts). */
export const MAX_FAULT_RULES = 100;

/** A partner app (tenant) with its credentials: the control API's record, typed by its one schema (control-api/answers.ts). */
export type AppRecord = z.output<typeof A.appRecordFields>;

/** A vet of the roster: the control API's record, typed by its one schema (control-api/answers.ts). */
export type VetRecord = z.output<typeof A.vetRecordFields>;

/** A consultation's status: its schema's list (control-api/answers.ts). */
export type ConsultationStatus = z.output<typeof A.consultation>['status'];
/** The statuses of a consultation still open (the console's `open` count, the queue's top groups). */
export const OPEN_STATUSES: readonly ConsultationStatus[] = ['waiting', 'active', 'ringing', 'accepted'];

export const RECOMMENDATIONS = ['emergency', 'critical', 'urgent', 'non_urgent'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  emergency: 'Emergency',
  critical: 'Critical',
  urgent: 'Urgent',
  non_urgent: 'Non-urgent',
};

/** Who wrote a message in a consultation's thread: the vet, the pet owner, or the simulator (lifecycle marks). */
export type MessageAuthor = z.output<typeof A.threadMessageFields>['author'];

/** One message of a consultation's thread (behaviour §16): the control API's record, typed by its one schema (control-api/answers.ts). */
export type ThreadMessage = z.output<typeof A.threadMessageFields>;

/** The `message` server-sent event: a message was added to a thread. */
export type MessageEvent = z.output<typeof A.messageEventFields>;

/** One line of a consultation's timeline: a partner request, a vet action, an autopilot step, or a message: the control API's record, typed by its one schema (control-api/answers.ts). */
export type TimelineEntry = z.output<typeof A.timelineEntryFields>;

// The vet autopilot (behaviour §17): the shapes scripts write, typed by the one zod schema that validates them
// (src-shared/schemas/autopilot.ts, whose descriptions say what each key does).

export type CallOutcome = 'accepted' | 'declined' | 'notanswered';

/** The rules document: the first rule whose match fits a new consultation drives it. */
export type AutopilotDocument = z.input<typeof AP.autopilotDocument>;
/** One rule: an optional match and its steps. */
export type AutopilotRule = AutopilotDocument['rules'][number];
/** Which new consultations a rule drives; every key given must fit (no key: every consultation). */
export type AutopilotMatch = NonNullable<AutopilotRule['match']>;
/**
 * One step: exactly one action, `after` a duration (`<n>ms|s|m|h|d`, default 0) counted from the previous
 * step (the first: from the consultation's creation), on the simulator clock.
 */
export type AutopilotStep = AutopilotRule['steps'][number];

/** A step waiting for the simulator clock to reach `due_at` (ISO 8601): the control API's record, typed by its one schema (control-api/answers.ts). */
export type PendingStep = z.output<typeof A.pendingStepFields>;

/**
 * One thing a control API refusal names (behaviour §12): where, as a dotted path into what was sent (`name`,
 * `3.status`, `cors_allowed_origins.1`, `rules[0].steps[1].after`; '' for the request as a whole), and what is wrong
 * there, in the simulator's words; typed by its one schema (control-api/answers.ts).
 */
export type RefusalDetail = z.output<typeof A.refusalDetailFields>;

/** A vet action on a consultation from the vet console. */
export type VetAction = 'accept' | 'end' | 'outcome';

/** Why each vet action would be refused on a consultation as it stands (the 409's sentence), null when it applies. */
export type VetActionRefusals = Record<VetAction, string | null>;

/** Every control API refusal's body: a machine code, a readable sentence, and the details (possibly none). */
export interface ControlErrorBody {
  error: { code: string; message: string; details: RefusalDetail[] };
}

/** Why a rules document was refused: where (`rules[0].steps[1].after`) and what; `line` when read from a file or the editor. */
export interface AutopilotProblem extends RefusalDetail {
  line?: number;
}

// Holds (behaviour §18): breakpoints on partner calls; src-shared/schemas/holds.ts validates what scripts send.

/**
 * Who made a control call (behaviour §21): the tester in the UI, a script through the control API, or an agent,
 * an MCP client by the name it gave (`x-sim-actor: agent:<name>`). An agent's actions are marked "by agent"
 * wherever a tester's would show: the request log, the consultation's timeline, the held calls.
 */
export interface Actor {
  by: 'ui' | 'control_api' | 'agent';
  /** by agent: the MCP client's name. */
  agent?: string;
}

/** A hold as armed and stored (configuration: it survives a restart; a reset removes it); typed by its one schema. */
export type Hold = z.output<typeof A.holdFields>;

/** What was done with a held request: in the journal entry of its answer, and the answer of a decision. */
export type HoldOutcome = z.output<typeof A.holdOutcomeFields>;
export type HoldDecisionKind = Exclude<HoldOutcome['decision'], 'client_gone'>;
/** Who decided: the tester in the UI, a script through the control API, an agent (MCP), the deadline, or the client that left. */
export type HoldDecider = HoldOutcome['by'];

/** A request waiting for a decision. Times are real time (a partner's HTTP timeout is real). */
export type HeldRequest = z.output<typeof A.heldRequestFields>;

/** The event stream's `held` events: a request held, decided, or left by its client. */
export type HeldEvent = z.output<typeof A.heldEventFields>;

/** What arming a hold takes (`POST /__sim/v1/holds`): the input of its one schema (src-shared/schemas/holds.ts). */
export type HoldArmRequest = z.input<typeof H.holdArmBody>;
