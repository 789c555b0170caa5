// Types shared with the core (src-shared), re-exported for the renderer.
export type { AppRecord, FaultRule, JournalEntry, JournalParam, JournalSummary, VetRecord, StateEvent } from '../../../src-shared/control';
export { RECOMMENDATIONS, RECOMMENDATION_LABELS } from '../../../src-shared/control';
export interface ClockState { now: string; real: string; offset_ms: number; frozen: boolean; is_real_time: boolean }

// Conversations (behaviour §16). Declared here, by the UI, to the control API's contract until the core
// exports them from src-shared/control.ts; the owner's page imports them as types only (no shared code).
export type MessageAuthor = 'vet' | 'owner' | 'system';
export interface Message { id: number; index: number; author: MessageAuthor; author_name: string; body: string; created_at: string }
/** An event `message` of GET /events names the new messages, not their text. */
export interface MessageNotice { sid: string; index: number; author: MessageAuthor }
export type { TimelineEntry } from '../../../src-shared/control';
