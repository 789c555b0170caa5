// The `meta` table's stored settings (the clock, fault rules, autopilot rules, the token signing secret): one text value per key.
import type { Sql } from '../sql';

export const metaRepo = (db: Sql) => ({
  get: (key: string) => db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key])?.value,
  set: (key: string, value: string) => void db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value', [key, value]),
  remove: (key: string) => void db.run('DELETE FROM meta WHERE key = ?', [key]),
});
