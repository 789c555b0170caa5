// Types shared with the core (src-shared), re-exported for the renderer.
export type { AppRecord, FaultRule, JournalEntry, JournalParam, JournalSummary, VetRecord, StateEvent } from '../../../src-shared/control';
export { RECOMMENDATIONS, RECOMMENDATION_LABELS } from '../../../src-shared/control';
import type { AnswerOf } from '../../../src-shared/control-api/define';
import type { ControlRoutes } from '../../../src-shared/control-api/routes';

// Answers of the control API, as the one table of routes types them (never declared again here).
export type ClockState = AnswerOf<ControlRoutes['getClock']>;
export type Health = AnswerOf<ControlRoutes['getHealth']>;
/** One message of a thread (behaviour §16). */
export type Message = AnswerOf<ControlRoutes['postMessage']>;
export type MessageAuthor = Message['author'];
/** An event `message` of GET /events: which message is new (the stream also carries it whole). */
export type { MessageEvent as MessageNotice } from '../../../src-shared/control';
export type { TimelineEntry } from '../../../src-shared/control';
