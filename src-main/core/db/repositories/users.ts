import type { Param } from '../oplog';
import type { Sql } from '../sql';
import { table } from '../table';
import { byIdOrder } from './by-id-order';
import { likePattern } from './like';
import type { DeviceRow, StatusRow, UserRow } from './types';

export type NewUser = Omit<UserRow, 'id'>;
const users = table<UserRow>('users');

export const usersRepo = (db: Sql) => ({
  liveByEmail: (appId: number, email: string) =>
    db.get<UserRow>('SELECT * FROM users WHERE app_id = ? AND email = ? COLLATE NOCASE AND deleted_at IS NULL', [appId, email]),
  byId: (id: number) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
  liveById: (appId: number, id: number) => db.get<UserRow>('SELECT * FROM users WHERE app_id = ? AND id = ? AND deleted_at IS NULL', [appId, id]),
  insert: (u: NewUser): number => users.insert(db, u),
  update: (id: number, fields: Partial<UserRow>): void => users.update(db, id, fields),
  // Sorted here, not by ORDER BY: see byIdOrder.
  statuses: (userId: number) => byIdOrder(db.all<StatusRow>('SELECT * FROM user_statuses WHERE user_id = ?', [userId])),
  latestStatus: (userId: number) => db.get<StatusRow>('SELECT * FROM user_statuses WHERE user_id = ? ORDER BY id DESC LIMIT 1', [userId]),
  addStatus: (s: Omit<StatusRow, 'id'>) =>
    db.run('INSERT INTO user_statuses (user_id, app_id, status, type, date_time, created_at, updated_at) VALUES (?,?,?,?,?,?,?)', [
      s.user_id, s.app_id, s.status, s.type, s.date_time, s.created_at, s.updated_at,
    ]),
  devices: (userId: number) => byIdOrder(db.all<DeviceRow>('SELECT * FROM devices WHERE user_id = ? AND deleted_at IS NULL', [userId])),
  addDevice: (d: Omit<DeviceRow, 'id'>) =>
    db.run('INSERT INTO devices (user_id, device_token, udid, dev_type, app_version, created_at, updated_at, deleted_at) VALUES (?,?,?,?,?,?,?,?)', [
      d.user_id, d.device_token, d.udid, d.dev_type, d.app_version, d.created_at, d.updated_at, d.deleted_at,
    ]),
  /** Control-API listing: newest first, optional app and text filter. */
  page(filter: { appId?: number; q?: string; family?: string }, limit: number, offset: number) {
    const where = ['deleted_at IS NULL'];
    const params: Param[] = [];
    if (filter.appId) (where.push('app_id = ?'), params.push(filter.appId));
    if (filter.family) (where.push('family = ?'), params.push(filter.family));
    if (filter.q) {
      where.push("(email LIKE ? ESCAPE '\\' OR first_name LIKE ? ESCAPE '\\' OR last_name LIKE ? ESCAPE '\\')");
      const like = likePattern(filter.q);
      params.push(like, like, like);
    }
    const w = where.join(' AND ');
    return {
      total: Number(db.get<{ n: number }>(`SELECT count(*) AS n FROM users WHERE ${w}`, params)!.n),
      rows: db.all<UserRow>(`SELECT * FROM users WHERE ${w} ORDER BY id DESC LIMIT ? OFFSET ?`, [...params, limit, offset]),
    };
  },
});

