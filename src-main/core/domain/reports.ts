// Reports: A6 web users, B5 client users (paged), B6 payments (paged or CSV), B7 feedback list.
import type { PaymentFilter } from '../db/repositories/payments';
import type { UserReportFilter } from '../db/repositories/reports';
import type { PetRow, UserRow } from '../db/repositories/types';
import type { SimulatorEventBus } from '../events';
import type { Reads, Tx } from './context';
import { paginate } from './pagination';
import { UserIndex } from './user-index';

const PAYMENT_SEARCH: readonly string[] = ['email', 'first_name', 'last_name', 'package_name'] satisfies PaymentFilter['searchBy'][];
const FEEDBACK_SEARCH: readonly string[] = ['vet', 'user'];
/** A search over a column the report does not know matches nothing (the spec lists no values: none is refused). */
const searchesNothing = (known: readonly string[], q: string | undefined, searchBy: string | undefined) =>
  Boolean(q) && searchBy !== undefined && !known.includes(searchBy);

/**
 * The rows a page skips. A page may be any 64-bit integer (FILTER_VALIDATE_INT): past every row it is an
 * empty page, and the offset handed to SQLite stays a 32-bit integer however far past it is.
 */
const offsetOf = (page: number, perPage: number) => Math.min((page - 1) * perPage, 2 ** 31 - 1);

/** `events` keep the in-memory user index (user-index.ts) current; `reads` fill it. */
export function reportService({ reads, events }: { reads: Reads; events: SimulatorEventBus }) {
  const index = new UserIndex(reads, events);
  return {
    /** A6: all matching users, or one page when a page size is given. */
    webUsers(tx: Tx, f: UserReportFilter, page: number, perPage?: number): UserRow[] {
      const ids = index.query(f);
      return tx.reports.usersByIds(perPage ? ids.slice(offsetOf(page, perPage), offsetOf(page, perPage) + perPage) : ids);
    },
    /** B5: one page of users with their pets and usage, and the pagination object. */
    clientUsers(tx: Tx, f: UserReportFilter, page: number, perPage: number) {
      const matching = index.query(f);
      const total = matching.length;
      const users = tx.reports.usersByIds(matching.slice(offsetOf(page, perPage), offsetOf(page, perPage) + perPage));
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
    /** B6: `searchBy` and `status` as sent; a value the report does not know matches nothing. */
    payments(tx: Tx, f: Omit<PaymentFilter, 'searchBy'> & { searchBy?: string }, page: number, perPage: number | undefined) {
      if (searchesNothing(PAYMENT_SEARCH, f.q, f.searchBy)) return { total: 0, rows: [] };
      const filter = f as PaymentFilter; // searchBy is a known column from here on, or unused (no search)
      return perPage ? tx.payments.list(filter, perPage, offsetOf(page, perPage)) : tx.payments.list(filter, -1, 0);
    },
    /** B7: `searchBy` as sent; a value the report does not know matches nothing. */
    feedback(tx: Tx, appId: number, q: { q?: string; searchBy?: string }, page: number, perPage: number | undefined) {
      if (searchesNothing(FEEDBACK_SEARCH, q.q, q.searchBy)) return { total: 0, rows: [] };
      const f = { appId, q: q.q, searchBy: q.searchBy as 'vet' | 'user' | undefined };
      return perPage ? tx.feedback.list(f, perPage, offsetOf(page, perPage)) : tx.feedback.list(f, -1, 0);
    },
  };
}
