// Types shared with the core (src-shared), re-exported for the renderer.
export type { AppRecord, FaultRule, JournalEntry, JournalSummary, VetRecord, StateEvent } from '../../../src-shared/control';
export { RECOMMENDATIONS, RECOMMENDATION_LABELS } from '../../../src-shared/control';
export interface ClockState { now: string; real: string; offset_ms: number; frozen: boolean; is_real_time: boolean }
