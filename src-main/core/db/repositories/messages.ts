// A consultation's thread and what the vet and the autopilot did to it, as stored (migrations 4 and 5).
import type { Sql } from '../sql';
import { table } from '../table';

export interface MessageRow { id: number; consultation_id: number; idx: number; author: string; author_name: string; body: string; created_at: string }
/** `actor` is `vet` or `autopilot`; `cause` says why the autopilot acted (null for the vet's own actions). */
export interface ActivityRow { id: number; consultation_id: number; at: string; actor: string; action: string; cause?: string | null }

const messages = table<MessageRow>('messages');
const activity = table<ActivityRow>('consultation_activity');

export const messagesRepo = (db: Sql) => ({
  /** The next index of a thread: one past its last (indexes are never reused). */
  nextIndex: (consultationId: number) =>
    Number(db.get<{ n: number }>('SELECT COALESCE(MAX(idx), 0) + 1 AS n FROM messages WHERE consultation_id = ?', [consultationId])!.n),
  insert: (m: Omit<MessageRow, 'id'>): number => messages.insert(db, m),
  /** Oldest first, after index `after`, at most `limit`; with the thread's whole length. */
  page(consultationId: number, after: number, limit: number): { rows: MessageRow[]; total: number } {
    const rows = db.all<MessageRow>('SELECT * FROM messages WHERE consultation_id = ? AND idx > ? ORDER BY idx LIMIT ?', [consultationId, after, limit]);
    const total = Number(db.get<{ n: number }>('SELECT count(*) AS n FROM messages WHERE consultation_id = ?', [consultationId])!.n);
    return { rows, total };
  },
  addActivity: (a: Omit<ActivityRow, 'id'>): number => activity.insert(db, a),
  activityOf: (consultationId: number) => db.all<ActivityRow>('SELECT * FROM consultation_activity WHERE consultation_id = ? ORDER BY id', [consultationId]),
});
