// The programmatic API's control client: the typed client generated from the one table of control routes
// (src-shared/control-api/client.ts), every route under its id (`sim.acceptConsultation({ params: { sid } })`),
// plus the short forms a test reads best (`sim.consultations.accept(sid)`), each one call of a generated method.
// No path and no answer type is spelt here: they are the table's.
import type { AutopilotDocument, AutopilotProblem, ConsultationStatus, JournalEntry, JournalSummary, PendingStep, RefusalDetail, ThreadMessage, TimelineEntry, VetRecord } from '../../src-shared/control.js';
import { ControlApiError, createControlClient, type ControlClient as GeneratedClient } from '../../src-shared/control-api/client.js';
import type { AnswerOf, CallInput } from '../../src-shared/control-api/define.js';
import type { ControlRoutes } from '../../src-shared/control-api/routes.js';
import { holdsClient } from './holds-client.js';

export { ControlApiError };
export type { AutopilotDocument, AutopilotProblem, JournalEntry, RefusalDetail, JournalSummary, PendingStep, ThreadMessage, TimelineEntry, VetRecord };

/** `now` is the simulated time; `real` the machine's. */
export type ClockState = AnswerOf<ControlRoutes['getClock']>;
/** A consultation as the vet console sees it (the control API's card), with `refusals` saying why an action would be refused. */
export type ConsultationView = AnswerOf<ControlRoutes['acceptConsultation']>;
/** One consultation (`consultations.get`): its card, plus its timeline and a link to the pet owner's page. */
export type ConsultationDetail = AnswerOf<ControlRoutes['getConsultation']>;

export interface ConsultationFilter { status?: ConsultationStatus | ConsultationStatus[]; type?: 'chat' | 'video'; app_id?: number; q?: string; page?: number; per_page?: number }
/** Options of `consultations.say`: who writes (default the vet). */
export interface SayOptions { as?: 'vet' | 'owner' }
/** The vet's feedback as `writeFeedback` takes it (its body schema): a recommendation in any spelling the API reads, a reason. */
export type FeedbackInput = CallInput<ControlRoutes['writeFeedback']>['body'];
export interface JournalFilter { family?: 'application' | 'client'; endpoint?: string; app?: string; status?: string; q?: string; limit?: number }

/** `base`: the control API's URL, `http://127.0.0.1:4010/__sim/v1` (or the simulator's origin). */
export function controlClient(base: string, token?: string) {
  const c = createControlClient({ origin: base.replace(/\/__sim\/v1\/?$/, '').replace(/\/$/, ''), token });
  const sid = (s: string) => ({ sid: s });
  const statusList = (f: ConsultationFilter) => ({ ...f, status: Array.isArray(f.status) ? f.status.join(',') : f.status });
  return {
    ...c,
    /**
     * Back to a new data dir's state: default app and vets, empty journal. The clock stays as the test set it (a
     * frozen clock stays frozen) unless `{ clock: 'real_time' }` is given; the autopilot's rules stay too.
     */
    reset: async (options: { clock?: 'keep' | 'real_time' } = {}): Promise<void> => void (await c.reset({ body: options })),
    health: () => c.getHealth(),
    apps: async () => (await c.listApps()).items,
    clock: {
      get: () => c.getClock(),
      /** Forward by seconds (a number) or a duration such as `'5m'`; autopilot steps that fall due run first, in order. */
      advance: (by: number | string) => c.setClock({ body: typeof by === 'number' ? { advance_seconds: by } : { advance: by } }),
      /** To the time the next pending autopilot step falls due, running it (409 no_pending_step when none is pending). */
      toNextStep: () => c.setClock({ body: { advance_to: 'next_step' } }),
      set: (at: string | Date) => c.setClock({ body: { set: at instanceof Date ? at.toISOString() : at } }),
      freeze: (frozen = true) => c.setClock({ body: { frozen } }),
      realTime: () => c.setClock({ body: { real_time: true } }),
    },
    vets: {
      list: async () => (await c.listVets()).items,
      setOnline: (id: string, online: boolean) => c.updateVet({ params: { id }, body: { online } }),
    },
    consultations: {
      list: async (filter: ConsultationFilter = {}) => (await c.listConsultations({ query: statusList(filter) })).items,
      get: (id: string) => c.getConsultation({ params: sid(id) }),
      /** The thread, oldest first; `after` an index to get only newer messages. */
      messages: async (id: string, opts: { after?: number; limit?: number } = {}) => (await c.listMessages({ params: sid(id), query: opts })).items,
      /** Writes in an open chat as the vet (default) or the pet owner; the message as stored. */
      say: (id: string, body: string, opts: SayOptions = {}) => c.postMessage({ params: sid(id), body: { author: opts.as ?? 'vet', body } }),
      accept: (id: string) => c.acceptConsultation({ params: sid(id) }),
      end: (id: string) => c.endConsultation({ params: sid(id) }),
      outcome: (id: string, status: 'accepted' | 'declined' | 'notanswered') => c.recordOutcome({ params: sid(id), body: { status } }),
      feedback: (id: string, input: FeedbackInput) => c.writeFeedback({ params: sid(id), body: input }),
    },
    /** The vet autopilot (scripted vets on the simulator clock); a refused document throws ControlApiError with `details`. */
    autopilot: {
      set: (doc: AutopilotDocument) => c.putAutopilot({ body: doc }),
      get: () => c.getAutopilot(),
      /** No rules, and every pending step dropped. */
      clear: () => c.clearAutopilot(),
      /** Steps waiting for the simulator clock, in due order (of one consultation with `sid`). */
      pending: async (filter: { sid?: string } = {}) => (await c.listPendingSteps({ query: filter })).items,
    },
    /**
     * Replaces the whole world with a scenario (the document: read a YAML file with the `yaml` package first); a
     * refused one throws ControlApiError with every problem in `details` and changes nothing.
     */
    loadScenario: (scenario: unknown) => c.putScenario({ body: scenario }),
    /** The world as a scenario document (stable order and keys); `{ secrets: true }` includes tokens and keys. */
    saveScenario: (opts: { secrets?: boolean } = {}) => c.getScenario({ query: opts.secrets ? { secrets: 'include' } : {} }),
    /** Holds: breakpoints on partner calls, answered from the test (`await sim.holds.next('A8')`). */
    holds: holdsClient(c),
    requests: {
      /** Newest first. */
      list: async (filter: JournalFilter = {}) => (await c.listRequests({ query: filter })).items,
      get: (id: number) => c.getRequest({ params: { id: String(id) } }),
      /** How many journaled requests match (the filtered total). */
      count: async (filter: Omit<JournalFilter, 'limit'> = {}) => (await c.countRequests({ query: filter })).count,
      clear: async (): Promise<void> => void (await c.clearRequests()),
    },
  };
}

export type ControlClient = ReturnType<typeof controlClient>;
export type { GeneratedClient };
