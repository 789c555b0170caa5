// A small typed client of the control API (/__sim/v1), used by startSimulator() and usable on its
// own against any running simulator (`controlClient('http://127.0.0.1:4010/__sim/v1')`).
import type {
  AppRecord, AutopilotDocument, AutopilotProblem, ConsultationStatus, ControlErrorBody, JournalEntry, JournalSummary, PendingStep, Recommendation, RefusalDetail,
  ThreadMessage, TimelineEntry, VetActionRefusals, VetRecord,
} from '../../src-shared/control.js';
import { holdsClient } from './holds-client.js';

export type { AutopilotDocument, AutopilotProblem, JournalEntry, RefusalDetail, JournalSummary, PendingStep, ThreadMessage, TimelineEntry, VetRecord };

/** `now` is the simulated time; `real` the machine's. */
export interface ClockState { now: string; real: string; offset_ms: number; frozen: boolean; is_real_time: boolean }

export interface ConsultationFilter { status?: ConsultationStatus | ConsultationStatus[]; type?: 'chat' | 'video'; app_id?: number; q?: string; page?: number; per_page?: number }

/** A consultation as the vet console sees it (the control API's view). */
export interface ConsultationView {
  id: number; sid: string; type: 'chat' | 'video'; status: ConsultationStatus; outcome: string | null; app_id: number; app_name: string | null;
  user_id: number; pet_id: number | null; vet_id: string; identity: string; created_at: string; accepted_at: string | null;
  ended_at: string | null; updated_at: string; waiting_seconds: number;
  user: { id: number; email: string; first_name: string; last_name: string | null; role: string; status: string } | null;
  pet: { id: number; name: string; species: string | null } | null;
  vet: { id: string; username: string; first_name: string; last_name: string } | null;
  feedback: { recommendation: string; reason: string; feedback_date: string } | null;
  /** Why accept, end and outcome would be refused now (the 409's sentence), null when they apply. */
  refusals: VetActionRefusals;
}

/** One consultation (`consultations.get`): its view, plus its timeline and a link to the pet owner's page. */
export interface ConsultationDetail extends ConsultationView {
  timeline: TimelineEntry[];
  owner_page_url: string | null;
}

/** Options of `consultations.say`: who writes (default the vet). */
export interface SayOptions { as?: 'vet' | 'owner' }

export interface FeedbackInput { recommendation: Recommendation | string; reason: string; vet_id?: string }

export interface JournalFilter { family?: 'application' | 'client'; endpoint?: string; app?: string; status?: string; q?: string; limit?: number }

export class ControlApiError extends Error {
  /**
   * `details`: each place the refusal names, with what is wrong there (`{ path: 'name', message: … }`, a refused
   * autopilot document's `rules[0].steps[1].after` with its `line`); empty when it names none.
   */
  constructor(readonly status: number, readonly code: string, message: string, readonly details: RefusalDetail[] = []) {
    super(message);
  }
}

const query = (filter: object = {}) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== null) q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

export function controlClient(base: string, token?: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json().catch(() => ({}))) as Partial<ControlErrorBody>;
    if (!res.ok) throw new ControlApiError(res.status, json.error?.code ?? 'http_error', json.error?.message ?? `HTTP ${res.status}`, json.error?.details);
    return json as T;
  }
  const sid = (s: string) => encodeURIComponent(s);
  return {
    /**
     * Back to a new data dir's state: default app and vets, empty journal. The clock stays as the test set it (a
     * frozen clock stays frozen) unless `{ clock: 'real_time' }` is given; the autopilot's rules stay too.
     */
    reset: async (options: { clock?: 'keep' | 'real_time' } = {}): Promise<void> => void (await call('POST', '/reset', options)),
    health: () => call<{ status: string; version: string; api_base_url: string; notices: string[] }>('GET', '/health'),
    apps: async () => (await call<{ items: AppRecord[] }>('GET', '/apps')).items,
    clock: {
      get: () => call<ClockState>('GET', '/clock'),
      /** Forward by seconds (a number) or a duration such as `'5m'`; autopilot steps that fall due run first, in order. */
      advance: (by: number | string) => call<ClockState>('POST', '/clock', typeof by === 'number' ? { advance_seconds: by } : { advance: by }),
      /** To the time the next pending autopilot step falls due, running it (409 no_pending_step when none is pending). */
      toNextStep: () => call<ClockState>('POST', '/clock', { advance_to: 'next_step' }),
      set: (at: string | Date) => call<ClockState>('POST', '/clock', { set: at instanceof Date ? at.toISOString() : at }),
      freeze: (frozen = true) => call<ClockState>('POST', '/clock', { frozen }),
      realTime: () => call<ClockState>('POST', '/clock', { real_time: true }),
    },
    vets: {
      list: async () => (await call<{ items: VetRecord[] }>('GET', '/vets')).items,
      setOnline: (id: string, online: boolean) => call<VetRecord>('PATCH', `/vets/${sid(id)}`, { online }),
    },
    consultations: {
      list: async (filter: ConsultationFilter = {}) => (await call<{ items: ConsultationView[]; total: number }>('GET', `/consultations${query(filter)}`)).items,
      get: (id: string) => call<ConsultationDetail>('GET', `/consultations/${sid(id)}`),
      /** The thread, oldest first; `after` an index to get only newer messages. */
      messages: async (id: string, opts: { after?: number; limit?: number } = {}) =>
        (await call<{ items: ThreadMessage[]; total: number }>('GET', `/consultations/${sid(id)}/messages${query(opts)}`)).items,
      /** Writes in an open chat as the vet (default) or the pet owner; the message as stored. */
      say: (id: string, body: string, opts: SayOptions = {}) =>
        call<ThreadMessage>('POST', `/consultations/${sid(id)}/messages`, { author: opts.as ?? 'vet', body }),
      accept: (id: string) => call<ConsultationView>('POST', `/consultations/${sid(id)}/accept`, {}),
      end: (id: string) => call<ConsultationView>('POST', `/consultations/${sid(id)}/end`, {}),
      outcome: (id: string, status: 'accepted' | 'declined' | 'notanswered') => call<ConsultationView>('POST', `/consultations/${sid(id)}/outcome`, { status }),
      feedback: (id: string, input: FeedbackInput) => call<ConsultationView>('PUT', `/consultations/${sid(id)}/feedback`, input),
    },
    /** The vet autopilot (scripted vets on the simulator clock); a refused document throws ControlApiError with `details`. */
    autopilot: {
      set: (doc: AutopilotDocument) => call<AutopilotDocument>('PUT', '/autopilot', doc),
      get: () => call<AutopilotDocument>('GET', '/autopilot'),
      /** No rules, and every pending step dropped. */
      clear: () => call<AutopilotDocument>('DELETE', '/autopilot'),
      /** Steps waiting for the simulator clock, in due order (of one consultation with `sid`). */
      pending: async (filter: { sid?: string } = {}) => (await call<{ items: PendingStep[]; total: number }>('GET', `/autopilot/pending${query(filter)}`)).items,
    },
    /** Holds: breakpoints on partner calls, answered from the test (`await sim.holds.next('A8')`). */
    holds: holdsClient(call, (status, code, message) => new ControlApiError(status, code, message)),
    requests: {
      /** Newest first. */
      list: async (filter: JournalFilter = {}) => (await call<{ items: JournalSummary[]; total: number }>('GET', `/requests${query(filter)}`)).items,
      get: (id: number) => call<JournalEntry>('GET', `/requests/${id}`),
      /** How many journaled requests match (the filtered total). */
      count: async (filter: Omit<JournalFilter, 'limit'> = {}) => (await call<{ count: number }>('GET', `/requests/count${query(filter)}`)).count,
      clear: async (): Promise<void> => void (await call('DELETE', '/requests')),
    },
  };
}

export type ControlClient = ReturnType<typeof controlClient>;
