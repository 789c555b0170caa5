import type { Sql } from '../sql';
import type { AppRecord } from '../../../../src-shared/control';

type AppRow = Omit<AppRecord, 'cors_allowed_origins'> & { cors_allowed_origins: string };

/** The origins column holds a JSON array; a value that is not one reads as Laravel's default. */
function origins(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) && v.every((o) => typeof o === 'string') ? v : ['*'];
  } catch {
    return ['*'];
  }
}
const toRecord = (r: AppRow | undefined): AppRecord | undefined => r && { ...r, cors_allowed_origins: origins(r.cors_allowed_origins) };

export const appsRepo = (db: Sql) => ({
  list: () => db.all<AppRow>('SELECT * FROM apps ORDER BY id').map((r) => toRecord(r)!),
  byId: (id: number) => toRecord(db.get<AppRow>('SELECT * FROM apps WHERE id = ?', [id])),
  byName: (name: string) => toRecord(db.get<AppRow>('SELECT * FROM apps WHERE name = ?', [name])),
  insert: (a: Omit<AppRecord, 'id' | 'cors_allowed_origins'> & { id?: number; cors_allowed_origins?: string[] }) =>
    db.run(
      `INSERT INTO apps (id, name, display_name, api_username, api_token, api_key, rate_limit_per_minute, cors_allowed_origins, created_at, updated_at)
       VALUES (?,?,?,?,?,?,?,?,?,?)`,
      [a.id ?? null, a.name, a.display_name, a.api_username, a.api_token, a.api_key, a.rate_limit_per_minute,
        JSON.stringify(a.cors_allowed_origins ?? ['*']), a.created_at, a.updated_at],
    ).lastId,
  stamp: (id: number, now: string) => db.run('UPDATE apps SET created_at = ?, updated_at = ? WHERE id = ?', [now, now, id]),
  update: (id: number, a: Partial<AppRecord>, now: string) =>
    db.run(
      `UPDATE apps SET display_name = COALESCE(?, display_name), api_username = COALESCE(?, api_username),
       api_token = COALESCE(?, api_token), api_key = COALESCE(?, api_key),
       rate_limit_per_minute = COALESCE(?, rate_limit_per_minute), cors_allowed_origins = COALESCE(?, cors_allowed_origins),
       updated_at = ? WHERE id = ?`,
      [a.display_name ?? null, a.api_username ?? null, a.api_token ?? null, a.api_key ?? null, a.rate_limit_per_minute ?? null,
        a.cors_allowed_origins ? JSON.stringify(a.cors_allowed_origins) : null, now, id],
    ),
});
