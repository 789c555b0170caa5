// The autopilot's pending steps, as stored (migration 5): one row per step still to run, due on the simulator clock.
import type { Sql } from '../sql';
import { table } from '../table';

export interface AutopilotStepRow {
  id: number; consultation_id: number; rule: number; step: number;
  /** Epoch milliseconds on the simulator clock. */
  due_at: number;
  /** The step as it was when scheduled (JSON): a later change of the rules leaves it as it is. */
  body: string;
  /** The draw of a weighted outcome, made when scheduled; null for other steps. */
  draw: number | null;
}

const steps = table<AutopilotStepRow>('autopilot_steps');
/** Due order: time, then the order they were scheduled in (a consultation's steps keep theirs). */
const DUE_ORDER = 'ORDER BY s.due_at, s.id';

export const autopilotRepo = (db: Sql) => ({
  insert: (row: Omit<AutopilotStepRow, 'id'>): number => steps.insert(db, row),
  /** The step that falls due first. */
  first: () => db.get<AutopilotStepRow>(`SELECT s.* FROM autopilot_steps s ${DUE_ORDER} LIMIT 1`),
  remove: (id: number): void => void db.run('DELETE FROM autopilot_steps WHERE id = ?', [id]),
  /** Drops a consultation's pending steps; how many there were. */
  removeOf: (consultationId: number): number => db.run('DELETE FROM autopilot_steps WHERE consultation_id = ?', [consultationId]).changes,
  /** Every consultation with pending steps, and how many it has. */
  holders: () => db.all<{ consultation_id: number; n: number }>('SELECT consultation_id, count(*) AS n FROM autopilot_steps GROUP BY consultation_id ORDER BY consultation_id'),
  removeAll: (): number => db.run('DELETE FROM autopilot_steps').changes,
  /** Pending steps in due order with their consultation's sid, optionally of one consultation. */
  page(filter: { sid?: string }, limit: number): { rows: (AutopilotStepRow & { sid: string })[]; total: number } {
    const where = filter.sid ? 'WHERE c.sid = ?' : '';
    const params = filter.sid ? [filter.sid] : [];
    const from = 'FROM autopilot_steps s JOIN consultations c ON c.id = s.consultation_id';
    return {
      rows: db.all<AutopilotStepRow & { sid: string }>(`SELECT s.*, c.sid AS sid ${from} ${where} ${DUE_ORDER} LIMIT ?`, [...params, limit]),
      total: Number(db.get<{ n: number }>(`SELECT count(*) AS n ${from} ${where}`, params)!.n),
    };
  },
});
