// Reports: A6 web users, B5 client users (paged), B6 payments (paged or CSV), B7 feedback list.
import type { PaymentFilter } from '../db/repositories/payments';
import type { UserReportFilter } from '../db/repositories/reports';
import type { PetRow, UserRow } from '../db/repositories/types';
import type { SimulatorEventBus } from '../events';
import type { Reads, Tx } from './context';
import { paginate } from './pagination';
import { UserIndex } from './user-index';

/** `events` keep the in-memory user index (user-index.ts) current; `reads` fill it. */
export function reportService({ reads, events }: { reads: Reads; events: SimulatorEventBus }) {
  const index = new UserIndex(reads, events);
  return {
    /** A6: all matching users, or one page when a page size is given. */
    webUsers(tx: Tx, f: UserReportFilter, page: number, perPage?: number): UserRow[] {
      const ids = index.query(f);
      return tx.reports.usersByIds(perPage ? ids.slice((page - 1) * perPage, page * perPage) : ids);
    },
    /** B5: one page of users with their pets and usage, and the pagination object. */
    clientUsers(tx: Tx, f: UserReportFilter, page: number, perPage: number) {
      const matching = index.query(f);
      const total = matching.length;
      const users = tx.reports.usersByIds(matching.slice((page - 1) * perPage, page * perPage));
      const ids = users.map((u) => u.id);
      const petsByUser = new Map<number, PetRow[]>();
      for (const p of tx.pets.liveOfUsers(ids)) petsByUser.set(p.user_id, [...(petsByUser.get(p.user_id) ?? []), p]);
      const usage = new Map<number, { type: string; total: number }[]>();
      for (const u of tx.consultations.countByTypeForUsers(ids)) usage.set(u.user_id, [...(usage.get(u.user_id) ?? []), { type: u.type, total: Number(u.total) }]);
      const packages = new Map(tx.payments.packages().map((p) => [p.id, p.name]));
      return {
        rows: users.map((u) => ({ user: u, pets: petsByUser.get(u.id) ?? [], usage: usage.get(u.id) ?? [], packageName: u.package_id ? (packages.get(u.package_id) ?? null) : null })),
        pagination: paginate(total, page, perPage),
      };
    },
    payments(tx: Tx, f: PaymentFilter, page: number, perPage: number | undefined) {
      return perPage ? tx.payments.list(f, perPage, (page - 1) * perPage) : tx.payments.list(f, -1, 0);
    },
    feedback(tx: Tx, appId: number, q: { q?: string; searchBy?: 'vet' | 'user' }, page: number, perPage: number | undefined) {
      const f = { appId, q: q.q, searchBy: q.searchBy };
      return perPage ? tx.feedback.list(f, perPage, (page - 1) * perPage) : tx.feedback.list(f, -1, 0);
    },
  };
}
