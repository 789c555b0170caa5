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
   * thread made here has indexes 1…n and the next is its count + 1: a count and a look past it read the index
   * forward, ~1 µs, where MAX(idx) costs ~5–9 µs in this SQLite build (see by-id-order.ts). A thread from a
   * snapshot made elsewhere may have a gap (1, 2, 5): then an index past the count exists, and the message goes
   * one past MAX(idx), never into the gap, where a client polling `after=` its last index would miss it.
   */
  append(m: Omit<MessageRow, 'id' | 'idx'>): { id: number; idx: number } {
    const count = Number(db.get<{ n: number }>('SELECT count(*) AS n FROM messages WHERE consultation_id = ?', [m.consultation_id])!.n);
    const beyond = db.get('SELECT 1 AS x FROM messages WHERE consultation_id = ? AND idx > ? LIMIT 1', [m.consultation_id, count]);
    const idx = beyond ? Number(db.get<{ n: number }>('SELECT MAX(idx) AS n FROM messages WHERE consultation_id = ?', [m.consultation_id])!.n) + 1 : count + 1;
    return { id: messages.insert(db, { ...m, idx }), idx };
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
