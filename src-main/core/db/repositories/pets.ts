import type { Param } from '../oplog';
import type { Sql } from '../sql';
import { table } from '../table';
import { likePattern } from './like';
import type { PetRow } from './types';

const pets = table<PetRow>('pets');

export const petsRepo = (db: Sql) => ({
  liveOfUser: (userId: number) => db.all<PetRow>('SELECT * FROM pets WHERE user_id = ? AND deleted_at IS NULL ORDER BY id', [userId]),
  liveById: (userId: number, petId: number) =>
    db.get<PetRow>('SELECT * FROM pets WHERE id = ? AND user_id = ? AND deleted_at IS NULL', [petId, userId]),
  byId: (id: number) => db.get<PetRow>('SELECT * FROM pets WHERE id = ?', [id]),
  insert: (p: Omit<PetRow, 'id'>): number => pets.insert(db, p),
  update: (id: number, fields: Partial<PetRow>): void => pets.update(db, id, fields),
  /** Live pets of many users at once (report rows), avoiding one query per row. */
  liveOfUsers(userIds: number[]): PetRow[] {
    if (!userIds.length) return [];
    return db.all<PetRow>(`SELECT * FROM pets WHERE deleted_at IS NULL AND user_id IN (${userIds.map(() => '?').join(',')}) ORDER BY id`, userIds);
  },
  page(filter: { appId?: number; q?: string }, limit: number, offset: number) {
    const where = ['p.deleted_at IS NULL'];
    const params: Param[] = [];
    if (filter.appId) (where.push('p.app_id = ?'), params.push(filter.appId));
    if (filter.q) {
      where.push("(p.name LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')");
      const like = likePattern(filter.q);
      params.push(like, like);
    }
    const w = where.join(' AND ');
    return {
      total: Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM pets p JOIN users u ON u.id = p.user_id WHERE ${w}`, params)!.n),
      rows: db.all<PetRow & { owner_email: string }>(
        `SELECT p.*, u.email AS owner_email FROM pets p JOIN users u ON u.id = p.user_id WHERE ${w} ORDER BY p.id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      ),
    };
  },
  saveMedia: (m: { app_id: number; pet_id: number; file_name: string; mime: string; data: Uint8Array; created_at: string }) =>
    db.run('INSERT INTO media (app_id, pet_id, file_name, mime, data, created_at) VALUES (?,?,?,?,?,?)', [
      m.app_id, m.pet_id, m.file_name, m.mime, m.data, m.created_at,
    ]),
  /** A pet keeps one photo: the previous one goes when a new one is saved. */
  deleteMediaOfPet: (appId: number, petId: number) => db.run('DELETE FROM media WHERE app_id = ? AND pet_id = ?', [appId, petId]),
  media: (appId: number, petId: number, fileName: string) =>
    db.get<{ mime: string; data: Uint8Array }>('SELECT mime, data FROM media WHERE app_id = ? AND pet_id = ? AND file_name = ?', [appId, petId, fileName]),
});
