// A consultation's thread and what the vet and the autopilot did to it, as stored (migrations 4 and 5).
import type { Sql } from '../sql';
import { table } from '../table';

export interface MessageRow { id: number; consultation_id: number; idx: number; author: string; author_name: string; body: string; created_at: string }
/** `actor` is `vet` or `autopilot`; `cause` says why the autopilot acted (null for the vet's own actions). */
export interface ActivityRow { id: number; consultation_id: number; at: string; actor: string; action: string; cause?: string | null }

const messages = table<MessageRow>('messages');
const activity = table<ActivityRow>('consultation_activity');

export const messagesRepo = (db: Sql) => {
  const lastIndex = (consultationId: number): number =>
    Number(db.get<{ n: number | null }>('SELECT MAX(idx) AS n FROM messages WHERE consultation_id = ?', [consultationId])?.n ?? 0);
  return {
    /**
     * The last index of a consultation's thread (0 for none): the thread's message count, kept by the indexes
     * themselves rather than recounted. One seek in the unique (consultation_id, idx) index, whatever the
     * thread's length, where count(*) reads the whole thread (issue 35: 13 ms a post at 200k messages).
     * A thread from a snapshot made elsewhere may have a gap (1, 2, 5): its last index is still where the
     * next message goes, never into the gap, where a client polling `after=` its last index would miss it.
     */
    lastIndex,
    /** Adds a message at index `idx` (the caller's lastIndex + 1, read in the same unit of work). */
    append(m: Omit<MessageRow, 'id' | 'idx'>, idx: number): { id: number; idx: number } {
      return { id: messages.insert(db, { ...m, idx }), idx };
    },
    /** Oldest first, after index `after`, at most `limit`; `total` is the thread's length (its last index). */
    page(consultationId: number, after: number, limit: number): { rows: MessageRow[]; total: number } {
      const rows = db.all<MessageRow>('SELECT * FROM messages WHERE consultation_id = ? AND idx > ? ORDER BY idx LIMIT ?', [consultationId, after, limit]);
      return { rows, total: lastIndex(consultationId) };
    },
    addActivity: (a: Omit<ActivityRow, 'id'>): number => activity.insert(db, a),
    activityOf: (consultationId: number) => db.all<ActivityRow>('SELECT * FROM consultation_activity WHERE consultation_id = ? ORDER BY id', [consultationId]),
  };
};
