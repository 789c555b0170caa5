// Types of the control API (/__sim/v1) shared by the core and the tester UI.
export interface JournalSummary {
  id: number;
  time: string;
  app: string | null;
  family: 'application' | 'client' | null;
  endpoint: string | null;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  /**
   * Set when the simulator made the answer up instead of the API (behaviour §18): `fault`, a fault rule's
   * status; `delay`, a fault rule's delay before the API's own answer. Absent or null: the API answered.
   */
  injected?: 'fault' | 'delay' | null;
}

/** A form field of a journaled multipart request; a file part carries its name, type and size, not its bytes. */
export interface JournalParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
  size?: number;
  /** A file part's bytes (base64) when it is at most 64 KiB, so an exported HAR replays the upload as sent. */
  content_base64?: string;
}

export interface JournalEntry extends JournalSummary {
  query: string;
  request_headers: Record<string, string>;
  request_body: string | null;
  /** Multipart requests: the fields as sent (secrets masked) and the file parts. */
  request_params: JournalParam[] | null;
  /** Bytes on the wire: the request body as received, the response body as sent. */
  request_bytes: number;
  response_bytes: number;
  response_headers: Record<string, string>;
  response_body: string | null;
  error: string | null;
  truncated: boolean;
}

export interface StateEvent {
  entity: 'app' | 'vet' | 'user' | 'pet' | 'consultation' | 'feedback' | 'payment' | 'clock' | 'simulator' | 'journal' | 'faults' | 'autopilot';
  id: string;
  action: string;
}

export interface FaultRule {
  id: string;
  endpoint: string; // endpoint id like A8, or * for all
  method?: string;
  delay_ms?: number;
  status?: number;
  message?: string;
  probability?: number; // 0..1, default 1
  count?: number | null; // remaining matches, null = unlimited
}

export interface AppRecord {
  id: number;
  name: string;
  display_name: string;
  api_username: string;
  api_token: string;
  api_key: string;
  rate_limit_per_minute: number;
  /** Origins a browser front end may call the partner API from: `*` (Laravel's default), exact origins, or `*` patterns. */
  cors_allowed_origins: string[];
  created_at: string;
  updated_at: string;
}

export interface VetRecord {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  profile_image: string | null;
  online: boolean;
  busy: boolean;
}

export type ConsultationStatus = 'waiting' | 'active' | 'ended' | 'ringing' | 'accepted' | 'declined' | 'notanswered' | 'completed';

export const RECOMMENDATIONS = ['emergency', 'critical', 'urgent', 'non_urgent'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  emergency: 'Emergency',
  critical: 'Critical',
  urgent: 'Urgent',
  non_urgent: 'Non-urgent',
};

/** Who wrote a message in a consultation's thread: the vet, the pet owner, or the simulator (lifecycle marks). */
export type MessageAuthor = 'vet' | 'owner' | 'system';

/** One message of a consultation's thread (behaviour §16). */
export interface ThreadMessage {
  id: number;
  /** 1, 2, … within its consultation. */
  index: number;
  author: MessageAuthor;
  author_name: string;
  body: string;
  /** ISO 8601 with milliseconds, on the simulator clock. */
  created_at: string;
}

/** The `message` server-sent event: a message was added to a thread. */
export interface MessageEvent {
  sid: string;
  index: number;
  author: MessageAuthor;
}

/** One line of a consultation's timeline: a partner request, a vet action, an autopilot step, or a message. */
export interface TimelineEntry {
  at: string;
  kind: 'request' | 'vet_action' | 'autopilot' | 'message';
  request_id?: number;
  endpoint?: string | null;
  method?: string;
  path?: string;
  status?: number;
  action?: string;
  index?: number;
  author?: MessageAuthor;
  /** Autopilot entries: why the step ran, was skipped or was dropped (`rule 1, step 0, draw 0.27 → declined`). */
  cause?: string;
  text: string;
}

// The vet autopilot (behaviour §17). These are the shapes scripts write; src-shared/schemas/autopilot.ts holds
// the one zod schema that validates them (and checks at compile time that it agrees with these types).

export type CallOutcome = 'accepted' | 'declined' | 'notanswered';

/** Which new consultations a rule drives; every key given must fit (no key: every consultation). */
export interface AutopilotMatch {
  type?: 'chat' | 'video';
  /** The app's name (slug). */
  app?: string;
  /** The id of the vet the consultation went to, e.g. `vet_2`. */
  vet?: string;
  species?: 'dog' | 'cat';
  /** The owner's e-mail; `*` and `?` are wildcards, letter case is ignored. */
  email?: string;
}

/**
 * One step: exactly one action, `after` a duration (`<n>ms|s|m|h|d`, default 0) counted from the previous
 * step (the first: from the consultation's creation), on the simulator clock.
 */
export interface AutopilotStep {
  after?: string;
  do?: 'accept' | 'end';
  /** Written by the vet; `{vet.*}`, `{pet.*}` and `{user.*}` are filled in. */
  say?: string;
  feedback?: { recommendation: Recommendation; reason: string };
  /** One outcome, or weights to draw it by (`{accepted: 70, declined: 20, notanswered: 10}`). */
  outcome?: CallOutcome | Partial<Record<CallOutcome, number>>;
  vet_online?: boolean;
}

export interface AutopilotRule {
  /** A label for people; the timeline names rules by their index. */
  name?: string;
  match?: AutopilotMatch;
  steps: AutopilotStep[];
}

/** The rules document: the first rule whose match fits a new consultation drives it. */
export interface AutopilotDocument {
  /** An editor's schema reference (ignored). */
  $schema?: string;
  /** Draws (weighted outcomes) come from a generator seeded by hash(seed, sid); default 0. */
  seed?: number;
  rules: AutopilotRule[];
}

/** A step waiting for the simulator clock to reach `due_at` (ISO 8601). `rule` and `step` count from 0. */
export interface PendingStep {
  sid: string;
  rule: number;
  step: number;
  /** accept, end, say, feedback, outcome or vet_online. */
  action: string;
  due_at: string;
}

/** Why a rules document was refused: where (`rules[0].steps[1].after`) and what; `line` when read from a file or the editor. */
export interface AutopilotProblem {
  path: string;
  message: string;
  line?: number;
}
