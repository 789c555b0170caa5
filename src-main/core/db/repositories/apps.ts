import type { Database } from '../database';
import type { AppRecord } from '../../../../src-shared/control';

export const appsRepo = (db: Database) => ({
  list: () => db.all<AppRecord>('SELECT * FROM apps ORDER BY id'),
  byId: (id: number) => db.get<AppRecord>('SELECT * FROM apps WHERE id = ?', [id]),
  byName: (name: string) => db.get<AppRecord>('SELECT * FROM apps WHERE name = ?', [name]),
  insert: (a: Omit<AppRecord, 'id'> & { id?: number }) =>
    db.run(
      'INSERT INTO apps (id, name, display_name, api_username, api_token, api_key, rate_limit_per_minute, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?)',
      [a.id ?? null, a.name, a.display_name, a.api_username, a.api_token, a.api_key, a.rate_limit_per_minute, a.created_at, a.updated_at],
    ).lastId,
  update: (id: number, a: Partial<AppRecord>, now: string) =>
    db.run(
      `UPDATE apps SET display_name = COALESCE(?, display_name), api_username = COALESCE(?, api_username),
       api_token = COALESCE(?, api_token), api_key = COALESCE(?, api_key),
       rate_limit_per_minute = COALESCE(?, rate_limit_per_minute), updated_at = ? WHERE id = ?`,
      [a.display_name ?? null, a.api_username ?? null, a.api_token ?? null, a.api_key ?? null, a.rate_limit_per_minute ?? null, now, id],
    ),
});
