import type { Param } from '../oplog';
import type { Sql } from '../sql';
import { table } from '../table';
import { likePattern } from './like';
import type { PackageRow, PaymentRow } from './types';

export interface PaymentFilter {
  appId: number; q?: string; searchBy?: 'email' | 'first_name' | 'last_name' | 'package_name';
  dateFrom?: string; dateTo?: string; status?: string;
}

const payments = table<PaymentRow>('payments');

export const paymentsRepo = (db: Sql) => ({
  insert: (p: Omit<PaymentRow, 'id'>): number => payments.insert(db, p),
  list(f: PaymentFilter, limit: number, offset: number) {
    const where = ['p.app_id = ?'];
    const params: Param[] = [f.appId];
    if (f.q) {
      const like = likePattern(f.q);
      const cols = f.searchBy ? [f.searchBy] : ['email', 'first_name', 'last_name', 'package_name'];
      where.push(`(${cols.map((c) => `p.${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
      params.push(...cols.map(() => like));
    }
    if (f.dateFrom && f.dateTo) (where.push('substr(p.initiated_at, 1, 10) BETWEEN ? AND ?'), params.push(f.dateFrom, f.dateTo));
    if (f.status) (where.push('p.status = ?'), params.push(f.status));
    const from = 'FROM payments p LEFT JOIN users u ON u.id = p.user_id';
    const w = where.join(' AND ');
    return {
      total: Number(db.get<{ n: number }>(`SELECT count(*) AS n ${from} WHERE ${w}`, params)!.n),
      rows: db.all<PaymentRow & { next_emergency_activation_date: string | null }>(
        `SELECT p.*, u.next_emergency_activation_date ${from} WHERE ${w} ORDER BY p.id DESC LIMIT ? OFFSET ?`,
        [...params, limit, offset],
      ),
    };
  },
  packages: () => db.all<PackageRow>('SELECT * FROM packages ORDER BY CAST(id AS INTEGER), id'),
  packageById: (id: string) => db.get<PackageRow>('SELECT * FROM packages WHERE id = ?', [id]),
  upsertPackage: (p: PackageRow) =>
    db.run('INSERT INTO packages (id, name, type, price) VALUES (?,?,?,?) ON CONFLICT(id) DO UPDATE SET name = excluded.name, type = excluded.type, price = excluded.price', [
      p.id, p.name, p.type, p.price,
    ]),
});
