import type { Param } from '../oplog';
import type { Sql } from '../sql';
import { table } from '../table';
import { likePattern } from './like';
import type { ConsultationRow, FeedbackRow } from './types';

const consultations = table<ConsultationRow>('consultations');

export const consultationsRepo = (db: Sql) => ({
  bySid: (sid: string) => db.get<ConsultationRow>('SELECT * FROM consultations WHERE sid = ?', [sid]),
  byId: (id: number) => db.get<ConsultationRow>('SELECT * FROM consultations WHERE id = ?', [id]),
  ofUser: (userId: number, limit: number) => db.all<ConsultationRow>('SELECT * FROM consultations WHERE user_id = ? ORDER BY id DESC LIMIT ?', [userId, limit]),
  latestOfUser: (userId: number) => db.get<ConsultationRow>('SELECT * FROM consultations WHERE user_id = ? ORDER BY id DESC LIMIT 1', [userId]),
  countByTypeForUsers(userIds: number[]) {
    if (!userIds.length) return [];
    return db.all<{ user_id: number; type: string; total: number }>(
      `SELECT user_id, type, count(*) AS total FROM consultations WHERE user_id IN (${userIds.map(() => '?').join(',')}) GROUP BY user_id, type`,
      userIds,
    );
  },
  /** The id the next insert gets (AUTOINCREMENT: past every id ever used, rolled-back inserts excepted). */
  nextId: () =>
    Number(
      db.get<{ n: number }>(
        "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'consultations'), 0), COALESCE((SELECT MAX(id) FROM consultations), 0)) + 1 AS n",
      )!.n,
    ),
  insert: (c: Omit<ConsultationRow, 'id'>): number => consultations.insert(db, c),
  update: (id: number, fields: Partial<ConsultationRow>): void => consultations.update(db, id, fields),
  /** The vet console's column totals: one grouped count over the status index, however long the queue. */
  countByStatus(filter: { type?: string; appId?: number }): { status: string; n: number }[] {
    const where: string[] = ['1 = 1'];
    const params: Param[] = [];
    if (filter.type) (where.push('type = ?'), params.push(filter.type));
    if (filter.appId) (where.push('app_id = ?'), params.push(filter.appId));
    return db.all<{ status: string; n: number }>(`SELECT status, count(*) AS n FROM consultations WHERE ${where.join(' AND ')} GROUP BY status`, params);
  },
});

export const feedbackRepo = (db: Sql) => ({
  ofConsultation: (consultationId: number) => db.get<FeedbackRow>('SELECT * FROM feedback WHERE consultation_id = ?', [consultationId]),
  upsert(f: Omit<FeedbackRow, 'id'>): void {
    db.run(
      `INSERT INTO feedback (consultation_id, app_id, user_id, vet_id, type, recommendation, reason, feedback_date, emergency_activated, emergency_note, created_at, updated_at)
       VALUES (?,?,?,?,?,?,?,?,?,?,?,?)
       ON CONFLICT(consultation_id) DO UPDATE SET vet_id = excluded.vet_id, recommendation = excluded.recommendation,
         reason = excluded.reason, feedback_date = excluded.feedback_date, emergency_activated = excluded.emergency_activated,
         emergency_note = excluded.emergency_note, updated_at = excluded.updated_at`,
      [f.consultation_id, f.app_id, f.user_id, f.vet_id, f.type, f.recommendation, f.reason, f.feedback_date, f.emergency_activated, f.emergency_note, f.created_at, f.updated_at],
    );
  },
  /** B7 and the state browser: feedback joined with vet, user, app; optional search. */
  list(filter: { appId?: number; q?: string; searchBy?: 'vet' | 'user' }, limit: number, offset: number) {
    const where = ['1 = 1'];
    const params: Param[] = [];
    if (filter.appId) (where.push('f.app_id = ?'), params.push(filter.appId));
    if (filter.q) {
      const like = likePattern(filter.q);
      const vet = "(v.first_name LIKE ? ESCAPE '\\' OR v.last_name LIKE ? ESCAPE '\\' OR v.email LIKE ? ESCAPE '\\')";
      const user = "(u.first_name LIKE ? ESCAPE '\\' OR u.last_name LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')";
      if (filter.searchBy === 'vet') (where.push(vet), params.push(like, like, like));
      else if (filter.searchBy === 'user') (where.push(user), params.push(like, like, like));
      else (where.push(`(${vet} OR ${user})`), params.push(like, like, like, like, like, like));
    }
    const from = 'FROM feedback f JOIN vets v ON v.id = f.vet_id JOIN users u ON u.id = f.user_id JOIN apps a ON a.id = f.app_id JOIN consultations c ON c.id = f.consultation_id';
    const w = where.join(' AND ');
    return {
      total: Number(db.get<{ n: number }>(`SELECT count(*) AS n ${from} WHERE ${w}`, params)!.n),
      rows: db.all<FeedbackRow & {
        app_name: string; sid: string; vet_first_name: string; vet_last_name: string; vet_email: string;
        user_first_name: string; user_last_name: string | null; user_email: string; user_role: string;
      }>(
        `SELECT f.*, c.sid AS sid, a.display_name AS app_name, v.first_name AS vet_first_name, v.last_name AS vet_last_name, v.email AS vet_email,
          u.first_name AS user_first_name, u.last_name AS user_last_name, u.email AS user_email, u.role AS user_role
         ${from} WHERE ${w} ORDER BY f.id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      ),
    };
  },
});
