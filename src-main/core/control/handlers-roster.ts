// Tenants, the roster and the state browser (src-shared/control-api/routes-roster.ts).
import type { rosterRoutes } from '../../../src-shared/control-api/routes-roster';
import type { ControlHandlers } from './handler';
import { ControlError } from './helpers';

/** A page of a list query, as every paged list answers it. */
const paged = <T>({ items, total }: { items: T[]; total: number }, q: { page: number; per_page: number }) => ({ items, total, page: q.page, per_page: q.per_page });
const window = (q: { page: number; per_page: number }) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });

export const rosterHandlers: ControlHandlers<typeof rosterRoutes> = {
  listApps: (port) => ({ items: port.queries.apps() }),
  createApp: (port, { body }) => port.commands.createApp(body),
  updateApp: (port, { params, body }) => port.commands.updateApp(params.id, body),
  newAppToken: (port, { params }) => port.commands.newAppToken(params.id),
  listVets: (port) => ({ items: port.queries.vets() }),
  updateVet: (port, { params, body }) => port.commands.setVetOnline(params.id, body.online),
  listPackages: (port) => ({ items: port.queries.packages() }),
  putPackage: (port, { params, body }) => port.commands.putPackage(params.id, body),
  listUsers: (port, { query: q }) => paged(port.queries.users({ appId: q.app_id, q: q.q, family: q.family }, window(q)), q),
  getUser: (port, { params }) => {
    const record = port.queries.user(params.id);
    if (!record) throw new ControlError(404, 'not_found', 'User Not Found');
    return record;
  },
  listPets: (port, { query: q }) => paged(port.queries.pets({ appId: q.app_id, q: q.q }, window(q)), q),
  listPayments: (port, { query: q }) => paged(port.queries.payments({ appId: q.app_id ?? 1, q: q.q, status: q.status }, window(q)), q),
  listFeedback: (port, { query: q }) => paged(port.queries.feedback({ appId: q.app_id, q: q.q }, window(q)), q),
};
