// A consultation's thread and what the vet and the autopilot did to it, as stored (migrations 4 and 5).
import type { Sql } from '../sql';
import { table } from '../table';

export interface MessageRow { id: number; consultation_id: number; idx: number; author: string; author_name: string; body: string; created_at: string }
/** `actor` is `vet` or `autopilot`; `cause` says why the autopilot acted (null for the vet's own actions). */
export interface ActivityRow { id: number; consultation_id: number; at: string; actor: string; action: string; cause?: string | null }

const messages = table<MessageRow>('messages');
const activity = table<ActivityRow>('consultation_activity');

export const messagesRepo = (db: Sql) => ({
  /**
   * Adds a message at the end of its thread: its index one past the last. Messages are never deleted, so a
   * thread's indexes are 1…n and the next is its count + 1: a count reads the index forward, ~1 µs, where
   * MAX(idx) costs ~5–9 µs in this SQLite build (see by-id-order.ts). A thread with a gap (a snapshot made
   * elsewhere) makes that index taken; the unique index refuses it, and the message goes one past MAX(idx).
   */
  append(m: Omit<MessageRow, 'id' | 'idx'>): { id: number; idx: number } {
    const count = Number(db.get<{ n: number }>('SELECT count(*) AS n FROM messages WHERE consultation_id = ?', [m.consultation_id])!.n);
    try {
      return { id: messages.insert(db, { ...m, idx: count + 1 }), idx: count + 1 };
    } catch (err) {
      if (!/UNIQUE constraint failed: messages\.consultation_id, messages\.idx/.test((err as Error).message)) throw err;
      const last = Number(db.get<{ n: number }>('SELECT COALESCE(MAX(idx), 0) AS n FROM messages WHERE consultation_id = ?', [m.consultation_id])!.n);
      return { id: messages.insert(db, { ...m, idx: last + 1 }), idx: last + 1 };
    }
  },
  /** Oldest first, after index `after`, at most `limit`; with the thread's whole length. */
  page(consultationId: number, after: number, limit: number): { rows: MessageRow[]; total: number } {
    const rows = db.all<MessageRow>('SELECT * FROM messages WHERE consultation_id = ? AND idx > ? ORDER BY idx LIMIT ?', [consultationId, after, limit]);
    const total = Number(db.get<{ n: number }>('SELECT count(*) AS n FROM messages WHERE consultation_id = ?', [consultationId])!.n);
    return { rows, total };
  },
  addActivity: (a: Omit<ActivityRow, 'id'>): number => activity.insert(db, a),
  activityOf: (consultationId: number) => db.all<ActivityRow>('SELECT * FROM consultation_activity WHERE consultation_id = ? ORDER BY id', [consultationId]),
});
