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
  entity: 'app' | 'vet' | 'user' | 'pet' | 'consultation' | 'feedback' | 'payment' | 'clock' | 'simulator' | 'journal' | 'faults';
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

/** One line of a consultation's timeline: a partner request, a vet action, or a message. */
export interface TimelineEntry {
  at: string;
  kind: 'request' | 'vet_action' | 'message';
  request_id?: number;
  endpoint?: string | null;
  method?: string;
  path?: string;
  status?: number;
  action?: string;
  index?: number;
  author?: MessageAuthor;
  text: string;
}
