// Reports: A6 web users, B5 client users (paged), B6 payments (paged or CSV), B7 feedback list.
import { paymentsRepo, type PaymentFilter } from '../db/repositories/payments';
import { petsRepo } from '../db/repositories/pets';
import { consultationsRepo, feedbackRepo } from '../db/repositories/consultations';
import { reportsRepo, type UserReportFilter } from '../db/repositories/reports';
import type { PetRow, UserRow } from '../db/repositories/types';
import type { DomainContext } from './context';
import { paginate } from './pagination';
import { UserIndex } from './user-index';

export function reportService(ctx: DomainContext) {
  const reports = reportsRepo(ctx.db);
  const pets = petsRepo(ctx.db);
  const payments = paymentsRepo(ctx.db);
  const consultations = consultationsRepo(ctx.db);
  const feedback = feedbackRepo(ctx.db);
  const index = new UserIndex(ctx.db, ctx.events);
  return {
    /** A6: all matching users, or one page when a page size is given. */
    webUsers(f: UserReportFilter, page: number, perPage?: number): UserRow[] {
      const ids = index.query(f);
      return reports.usersByIds(perPage ? ids.slice((page - 1) * perPage, page * perPage) : ids);
    },
    /** B5: one page of users with their pets and usage, and the pagination object. */
    clientUsers(f: UserReportFilter, page: number, perPage: number) {
      const matching = index.query(f);
      const total = matching.length;
      const users = reports.usersByIds(matching.slice((page - 1) * perPage, page * perPage));
      const ids = users.map((u) => u.id);
      const petsByUser = new Map<number, PetRow[]>();
      for (const p of pets.liveOfUsers(ids)) petsByUser.set(p.user_id, [...(petsByUser.get(p.user_id) ?? []), p]);
      const usage = new Map<number, { type: string; total: number }[]>();
      for (const u of consultations.countByTypeForUsers(ids)) usage.set(u.user_id, [...(usage.get(u.user_id) ?? []), { type: u.type, total: Number(u.total) }]);
      const packages = new Map(payments.packages().map((p) => [p.id, p.name]));
      return {
        rows: users.map((u) => ({ user: u, pets: petsByUser.get(u.id) ?? [], usage: usage.get(u.id) ?? [], packageName: u.package_id ? (packages.get(u.package_id) ?? null) : null })),
        pagination: paginate(total, page, perPage),
      };
    },
    payments(f: PaymentFilter, page: number, perPage: number | undefined) {
      return perPage ? payments.list(f, perPage, (page - 1) * perPage) : payments.list(f, -1, 0);
    },
    feedback(appId: number, q: { q?: string; searchBy?: 'vet' | 'user' }, page: number, perPage: number | undefined) {
      const f = { appId, q: q.q, searchBy: q.searchBy };
      return perPage ? feedback.list(f, perPage, (page - 1) * perPage) : feedback.list(f, -1, 0);
    },
  };
}
