// A consultation's timeline (behaviour §16): every partner request that touched it (the request journal keeps
// which consultation each touched, endpoint.ts `consultation`), every hold decision on them, every vet action and autopilot step with its cause (consultation_activity) and every message of its thread, in
// time order. Read-only.
import type { JournalEntry, TimelineEntry } from '../../../src-shared/control';
import { HOLD_MAX_MS } from '../../../src-shared/schemas/holds';
import { parseTimestamp } from '../clock';
import type { ActivityRow } from '../db/repositories/messages';
import { sidOfGrants } from './consultations';
import type { ConsultationRow } from '../db/repositories/types';
import { journalTime } from '../journal';
import type { Services } from './services';

/** The newest requests of each endpoint the timeline lists (a client polling A11 all day must not make it megabytes long). */
const PER_ENDPOINT = 1000;
/**
 * Entries recorded before the journal kept their consultation (journal migration 4) say it only in their bodies:
 * the endpoints that create or act on one (A8/B10 open it, A9 refreshes its token, A10/A11/A14 act on it) are
 * searched for its sid, as many of each.
 */
const TOUCHING = ['A8', 'B10', 'A9', 'A10', 'A11', 'A14'];
/** The calls that open a consultation: its requests begin with the last of them that names its sid. */
const OPENING = new Set(['A8', 'B10']);
const JWT = /eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+/g;

/** The sids a JWT in the text grants (B10 and A9 name their consultation only inside the rtcToken). */
function grantedSids(text: string): string[] {
  const sids: string[] = [];
  for (const m of text.matchAll(JWT)) {
    try {
      const grants = (JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { grants?: { chat?: { channel_sid?: string }; video?: { room?: string } } }).grants;
      const sid = sidOfGrants(grants);
      if (sid) sids.push(sid);
    } catch {
      // not one of ours: ignore
    }
  }
  return sids;
}

const touches = (e: JournalEntry, sid: string) =>
  [e.query, e.request_body, e.response_body].some((t) => !!t && (t.includes(sid) || grantedSids(t).includes(sid)));

const ACTION_TEXT: Record<string, string> = {
  accept: 'The vet accepted the chat', end: 'The vet ended it', feedback: 'The vet wrote feedback',
  'outcome:accepted': 'The vet accepted the call', 'outcome:declined': 'The vet declined the call', 'outcome:notanswered': 'The vet did not answer the call',
};
/** What the autopilot did, as the timeline says it; its cause (rule, step, draw, or why it was skipped) follows. */
const AUTOPILOT_TEXT: Record<string, string> = {
  accept: 'The autopilot accepted the chat', end: 'The autopilot ended it', say: 'The autopilot wrote in the chat', feedback: 'The autopilot wrote feedback',
  'outcome:accepted': 'The autopilot accepted the call', 'outcome:declined': 'The autopilot declined the call', 'outcome:notanswered': 'The autopilot did not answer the call',
  'vet_online:true': 'The autopilot set the vet online', 'vet_online:false': 'The autopilot set the vet offline',
  skipped: 'An autopilot step was skipped', taken_over: 'Taken over by the tester', dropped: 'The autopilot let go',
};
const autopilotEntry = (a: ActivityRow): TimelineEntry => ({
  at: a.at, kind: 'autopilot', action: a.action, cause: a.cause ?? undefined,
  text: `${AUTOPILOT_TEXT[a.action] ?? `Autopilot: ${a.action}`}${a.cause ? ` (${a.cause})` : ''}`,
});
const DECISION_TEXT: Record<string, string> = {
  release: 'released', fail: 'failed', respond: 'answered with a made-up envelope', close: 'closed with no answer', client_gone: 'left by its client',
};
/** A hold's decision on a request of this consultation: `A8 held 1.2 s, released by ui (vet_3)`. */
function holdText(e: JournalEntry): string {
  const h = e.hold!;
  const vet = h.vet_id ? ` (${h.vet_id})` : '';
  return `${e.endpoint} held ${(h.held_ms / 1000).toFixed(1)} s, ${DECISION_TEXT[h.decision] ?? h.decision}${h.decision === 'client_gone' ? '' : ` by ${h.agent ? `agent ${h.agent}` : h.by}`}${vet}`;
}
/** An activity row's actor: `vet` (the tester or a script), `autopilot`, or `agent:<name>` for an MCP client (behaviour §21). */
export const activityActor = (agent: string | undefined) => (agent ? `agent:${agent}` : 'vet');
const agentIn = (actor: string) => (actor.startsWith('agent:') ? actor.slice(6) : undefined);
/** The activity row that says an agent wrote message n of the thread: `message:n` (shown on the message, not as an action). */
export const MESSAGE_ACTION = 'message:';
const iso = (journal: string) => `${journal.replace(' ', 'T')}Z`;
const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function timelineOf(s: Services, c: ConsultationRow): TimelineEntry[] {
  // The request that created it started before its row: a minute more than a hold may hold it covers a slow
  // request, or a held one.
  const from = journalTime(Math.max(0, parseTimestamp(c.created_at) - HOLD_MAX_MS - 60_000));
  const requests: JournalEntry[] = [];
  for (const e of s.journal.entriesFromBefore(TOUCHING, from, PER_ENDPOINT)) if (touches(e, c.sid)) requests.push(e);
  requests.sort((a, b) => a.id - b.id).push(...s.journal.ofConsultation(c.sid, from, PER_ENDPOINT));
  // A restored snapshot hands out the same sids again: what came before this consultation's own opening call
  // belongs to the one that had its sid before.
  const opened = requests.findLastIndex((e) => OPENING.has(e.endpoint ?? ''));
  const entries: TimelineEntry[] = [];
  for (const e of opened > 0 ? requests.slice(opened) : requests) {
    if (e.hold) entries.push({ at: iso(e.time), kind: 'hold', request_id: e.id, endpoint: e.endpoint, text: holdText(e) });
    entries.push({ at: iso(e.time), kind: 'request', request_id: e.id, endpoint: e.endpoint, method: e.method, path: e.path, status: e.status, text: `${e.endpoint} ${e.method} ${e.path} → ${e.status}` });
  }
  const byAgent = new Map<number, string>(); // message index → the agent that wrote it
  for (const a of s.reads.messages.activityOf(c.id)) {
    const agent = agentIn(a.actor);
    if (a.action.startsWith(MESSAGE_ACTION)) {
      if (agent) byAgent.set(Number(a.action.slice(MESSAGE_ACTION.length)), agent);
    } else entries.push(a.actor === 'autopilot' ? autopilotEntry(a) : { at: a.at, kind: 'vet_action', action: a.action, text: ACTION_TEXT[a.action] ?? a.action, ...(agent ? { agent } : {}) });
  }
  for (const m of s.messages.thread(c.sid, 0, 10_000).items) {
    const agent = byAgent.get(m.index);
    entries.push({ at: m.created_at, kind: 'message', index: m.index, author: m.author, text: `${m.author_name}: ${clip(m.body)}`, ...(agent ? { agent } : {}) });
  }
  // Stable: at equal times, requests first, then actions (the vet's and the autopilot's), then messages (a request's effects follow it).
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
