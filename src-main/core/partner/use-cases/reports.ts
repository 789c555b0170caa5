// Reports: A6 web users, B5 client users (paged), B6 payments (paged, or all for the CSV export), B7 feedback.
import * as A from '../../../../src-shared/schemas/application';
import * as B from '../../../../src-shared/schemas/client';
import { useCase, type Uses } from '../endpoint';

/** A6. */
export const webUserReport = useCase(A.webUserReportBody, (c: Uses<'reports'>, i) => {
  const filter = { appId: c.app.id, search: i.search_value, dateFrom: i.date_from, dateTo: i.date_to, status: i.status, role: i.selectedProtect };
  return c.ctx.uow.run((tx) => c.services.reports.webUsers(tx, filter, i.page ?? 1, i.perPage ?? i.pagination));
});

/** B5. */
export const clientUserReport = useCase(B.userReportBody, (c: Uses<'reports'>, i) => {
  const filter = { appId: c.app.id, search: i.search_value, dateFrom: i.date_from, dateTo: i.date_to, userId: i.user_id };
  return c.ctx.uow.run((tx) => c.services.reports.clientUsers(tx, filter, i.page ?? 1, i.pagination ?? 10));
});

/** B6: `csv` when the caller asked for the export (every row, no paging). */
export const paymentReport = useCase(B.paymentReportBody, (c: Uses<'reports'>, i) => {
  const filter = { appId: i.app_id ?? c.app.id, q: i.search_value, searchBy: i.search_by, dateFrom: i.date_from, dateTo: i.date_to, status: i.status };
  if (filter.appId !== c.app.id) return { rows: [], csv: false }; // never another app's rows
  const csv = i.export === 'csv';
  const { rows } = c.ctx.uow.run((tx) => c.services.reports.payments(tx, filter, i.page ?? 1, csv || !i.pagination ? undefined : (i.perPage ?? 10)));
  return { rows, csv };
});

/** B7. */
export const vetFeedbackList = useCase(B.vetFeedbacksBody, (c: Uses<'reports'>, i) => {
  const perPage = i.pagination ? (i.perPage ?? 10) : undefined;
  return c.ctx.uow.run((tx) => c.services.reports.feedback(tx, c.app.id, { q: i.search_value, searchBy: i.search_by }, i.page ?? 1, perPage)).rows;
});
