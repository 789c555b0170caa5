// The control port: everything the control API (and through it the UI, scripts and the programmatic
// API) may ask of a simulator, as named queries and commands. Routes parse and answer; they never see
// a repository, the database or the simulator's internals. Every command is a unit of work (or the
// reset and restore, one logged step each) and announces itself with state events.
import type { z } from 'zod';
import type { AppRecord, AutopilotDocument, JournalEntry, JournalSummary, ThreadMessage } from '../../../src-shared/control';
import type { clockBody, feedbackWriteBody } from '../../../src-shared/schemas/control';
import type { JournalFilter, JournalPage } from '../db/repositories/journal';
import type { PackageRow } from '../db/repositories/types';
import type { Originals } from '../journal';
import type { DomainContext } from './context';
import type { Outcome } from './consultations';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { receiveSnapshot } from '../db/snapshot-check';
import { loadDemoData } from './demo-data';
import { ownerPageUrl } from './owner-port';
import { activityActor, MESSAGE_ACTION, timelineOf } from './timeline';
import type { faultRulesSchema } from './faults';
import type { Services } from './services';
import type { ResetOptions } from './simulator-state';
import { holdCommands } from './holds/commands';
import { journalAgentCall, type AgentControlCall } from './agent-journal';
import type { RequestListener } from 'node:http';
import type { scenarioUseCases as ScenarioUseCases } from './scenario';

/** Facts about the running simulator that the control API reports. */
export interface ControlFacts {
  version: string;
  dataDir?: string;
  journalCap: number;
  /** The journal's cap in bytes of stored entries. */
  journalCapBytes?: number;
  /** Warnings a user must see; the array grows as notices come. */
  notices: string[];
  /** When set, clients on other hosts may drive the control API with this bearer token. */
  controlToken?: string;
}

export function controlPort(s: Services, ctx: DomainContext, facts: ControlFacts) {
  const { uow } = ctx;
  const { browser, journal, consultations } = s;
  /**
   * A vet console action on an existing consultation, then its card as committed. The action is recorded
   * for the consultation's timeline in the same unit of work (partner actions are in the request journal).
   */
  const onConsultation = (sid: string, activity: string, action: Parameters<typeof uow.run>[0], agent?: string) => {
    uow.run((tx) => {
      const c = consultations.assertExists(tx, sid);
      // The tester acts as the vet: the autopilot lets go of this consultation (only if the action is allowed:
      // a refused one rolls the takeover back with it).
      s.autopilot.steps.takeOver(tx, c);
      // Stamped before the action: on the timeline the vet's action comes before the marks it leaves in the thread.
      const at = ctx.clock.iso();
      action(tx);
      tx.messages.addActivity({ consultation_id: c.id, at, actor: activityActor(agent), action: activity });
    });
    return browser.consultation(sid);
  };
  // Scenarios (behaviour §20). Their `calls` go through the partner API's own handler, which the simulator hands
  // over once built (usePartner); their vet actions through the commands below, as the vet console's are.
  // Loaded on first use: the YAML reader and the scenario schema stay off the start and the partner path.
  let partnerApi: RequestListener | undefined;
  let loaded: Promise<ReturnType<typeof ScenarioUseCases>> | undefined;
  const scenarios = () => (loaded ??= import('./scenario').then((m) => m.scenarioUseCases({
    s, ctx, partner: () => partnerApi,
    act: {
      accept: (sid) => commands.acceptConsultation(sid), end: (sid) => commands.endConsultation(sid),
      outcome: (sid, o) => commands.recordOutcome(sid, o), feedback: (sid, body) => commands.writeFeedback(sid, body),
      say: (sid, author, text) => commands.postMessage(sid, author, text),
    },
  }, facts.journalCap)));
  const queries = {
    clock: () => s.clock.state(),
    /** The simulator clock's reading now, in epoch ms (an agent's journaled call is stamped with it on arrival). */
    simulatedNowMs: () => ctx.clock.nowMs(),
    apps: (): AppRecord[] => s.apps.list(),
    appByName: (name: string) => s.apps.byName(name),
    vets: () => s.vets.list(),
    faults: () => s.faults.list(),
    packages: () => s.packages.list(),
    users: browser.users,
    user: browser.user,
    pets: browser.pets,
    payments: browser.payments,
    feedback: browser.feedback,
    consultations: browser.consultations,
    consultation: browser.consultation,
    /** One consultation as the vet console's detail shows it: its card, its timeline and a link to the owner's page. */
    async consultationDetail(sid: string) {
      const card = browser.consultation(sid);
      return { ...card, timeline: timelineOf(s, card), owner_page_url: (await ownerPageUrl(s, ctx, sid)) ?? null };
    },
    /** A consultation's thread, oldest first, after index `after` (404 for an unknown sid). */
    messages: (sid: string, after?: number, limit?: number) => s.messages.thread(sid, after, limit),
    consultationCounts: browser.consultationCounts,
    /** The autopilot's rules in force. */
    autopilot: (): AutopilotDocument => s.autopilot.get(),
    /** Its pending steps in due order (of one consultation with `sid`). */
    autopilotPending: (filter: { sid?: string }, limit?: number) => s.autopilot.pending(filter, limit),
    /** The JSON Schema of a rules document. */
    autopilotSchema: () => s.autopilot.schema(),
    requests: (f: JournalFilter, page: JournalPage): { items: JournalSummary[]; total: number } => journal.list(f, page),
    requestCount: (f: JournalFilter = {}): number => journal.count(f),
    /** Full entries of the filtered set, oldest first (the HAR export). */
    requestEntries: (f: JournalFilter, limit: number): JournalEntry[] => journal.entries(f, limit),
    request: (id: number): JournalEntry | undefined => journal.get(id),
    /** What masking replaced in an entry, while this process still holds it. */
    unmasked: (id: number): Originals | undefined => journal.unmasked(id),
    newestRequestId: (): number => journal.newestId(),
    /** Armed holds, and the requests they hold now (behaviour §18). */
    holds: () => s.holds.list(),
    held: () => s.held.list(),
    /** The request held next by `holdId` (or any hold), or one already waiting; undefined after `ms` (a long poll). */
    nextHeld: (holdId: string | undefined, ms: number, signal?: AbortSignal) => s.held.waitFor(holdId, ms, signal),
    /** The current world as a scenario: stable order and keys, secrets only with `secrets: true`. */
    scenario: async (opts: { secrets?: boolean } = {}) => (await scenarios()).save(opts),
    /** The JSON Schema of a scenario file. */
    scenarioSchema: async () => (await scenarios()).schema(),
    /** The scenario with the request journal and the clock's reading: a bug report in one file. */
    bundle: async (opts: { secrets?: boolean } = {}) => (await scenarios()).bundle(opts),
    /** The whole database as a SQLite file, the journal's held entries written first. */
    snapshot(): Uint8Array {
      journal.flush();
      return ctx.db.export();
    },
  };
  const commands = {
    createApp: (input: Parameters<Services['apps']['create']>[0]) => s.apps.create(input),
    updateApp: (id: number, patch: Parameters<Services['apps']['update']>[1]) => s.apps.update(id, patch),
    newAppToken: (id: number) => s.apps.newToken(id),
    setVetOnline: (id: string, online: boolean) => s.vets.setOnline(id, online),
    changeClock: (body: z.infer<typeof clockBody>) => s.clock.change(body),
    replaceFaults: (rules: z.infer<typeof faultRulesSchema>) => s.faults.replace(rules),
    putPackage: (id: string, fields: Omit<PackageRow, 'id'>) => s.packages.put(id, fields),
    // `agent`: the MCP client's name when an agent acts (behaviour §21): its timeline marks the action "by agent".
    acceptConsultation: (sid: string, agent?: string) => onConsultation(sid, 'accept', (tx) => consultations.accept(tx, sid), agent),
    endConsultation: (sid: string, agent?: string) => onConsultation(sid, 'end', (tx) => consultations.endChat(tx, sid), agent),
    recordOutcome: (sid: string, outcome: Outcome, agent?: string) =>
      onConsultation(sid, `outcome:${outcome}`, (tx) => consultations.recordOutcome(tx, sid, outcome), agent),
    /** The vet's feedback (an `emergency` one may activate the user's fund); the card as committed. */
    writeFeedback: (sid: string, body: z.infer<typeof feedbackWriteBody>, agent?: string) => onConsultation(sid, 'feedback', (tx) => s.feedback.write(tx, sid, body), agent),
    /**
     * The vet or the owner writes in a consultation's thread: the message as stored (index, time). Writing as
     * the vet takes the consultation over from the autopilot; the owner's side is not the vet's script.
     */
    postMessage: (sid: string, author: 'vet' | 'owner', body: string, agent?: string): ThreadMessage =>
      uow.run((tx) => {
        const c = consultations.assertExists(tx, sid);
        if (author === 'vet') s.autopilot.steps.takeOver(tx, c);
        const m = s.messages.post(tx, c, author, body);
        // Who wrote it, for the timeline: an activity row naming the message (timeline.ts), not a column of the thread.
        if (agent) tx.messages.addActivity({ consultation_id: c.id, at: m.created_at, actor: activityActor(agent), action: `${MESSAGE_ACTION}${m.index}` });
        return m;
      }),
    /** Replaces the autopilot's rules (checked by their schema: InvalidAutopilot names every problem). */
    setAutopilot: (doc: unknown): AutopilotDocument => s.autopilot.set(doc),
    /** The autopilot off: no rules, no pending steps. */
    clearAutopilot: (): AutopilotDocument => s.autopilot.clear(),
    clearJournal: () => journal.clear(),
    /** See simulator-state.ts: `answer` is called once the reset is durable, before the bookkeeping after it. */
    reset: (answer?: () => void, options?: ResetOptions) => s.simulator.reset(answer, options),
    restore: (bytes: Uint8Array) => s.simulator.restore(bytes),
    /**
     * An uploaded snapshot, streamed to a temp file in the data folder (the system's with --in-memory) and read
     * back as one buffer: the bytes to restore. UploadTooLarge past `limit`, SnapshotRefused for a non-SQLite file.
     */
    receiveSnapshot: (body: Readable, limit: number) => receiveSnapshot(body, facts.dataDir ?? tmpdir(), limit),
    loadDemoData: () => loadDemoData(s, async (text, file) => (await scenarios()).load(text, file)),
    /** Replaces the whole world with a scenario (a value, or YAML/JSON text); InvalidScenario names every problem. */
    loadScenario: async (doc: unknown, file?: string) => (await scenarios()).load(doc, file),
    /** Opens a bundle: its world, its journal with the same ids, its clock. */
    openBundle: async (doc: unknown, file?: string) => (await scenarios()).openBundle(doc, file),
    ...holdCommands(s),
    /** An agent's state-changing control call, as an entry of the request journal (agent-journal.ts). */
    journalAgentCall: (call: AgentControlCall) => journalAgentCall(s, call),
  };
  return {
    facts,
    /** State and request events, for the event stream. */
    events: ctx.events,
    baseUrl: () => ctx.baseUrl(),
    /** The partner API's handler, for a scenario's calls (set by the simulator once the pipeline is built). */
    usePartner: (handler: RequestListener) => void (partnerApi = handler),
    queries,
    commands,
  };
}

export type ControlPort = ReturnType<typeof controlPort>;

/** What receiving a snapshot may refuse, for the route to answer 413 or 422. */
export { SnapshotRefused, UploadTooLarge } from '../db/snapshot-check';
/** What the control routes may catch or name of the domain: through this port only (a boundary rule says so). */
export { InvalidAutopilot } from './autopilot/rules';
export { InvalidScenario } from './scenario/invalid';
export type { JournalFilter } from '../journal';
