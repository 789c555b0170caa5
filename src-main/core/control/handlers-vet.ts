// The vet console's routes (src-shared/control-api/routes-vet.ts). Each action answers the consultation as the
// detail screen shows it (card, timeline, owner page link), so the screen that sent it needs nothing more.
import type { vetRoutes } from '../../../src-shared/control-api/routes-vet';
import type { ControlPort } from '../domain/control-port';
import type { ControlHandlers } from './handler';

/** The action done (its own unit of work), then the consultation as the detail screen shows it. */
const detailAfter = (port: ControlPort, sid: string, action: () => unknown) => {
  action();
  return port.queries.consultationDetail(sid);
};

export const vetHandlers: ControlHandlers<typeof vetRoutes> = {
  listConsultations: (port, { query: q }) => {
    const { items, total } = port.queries.consultations(
      { status: q.status?.split(','), type: q.type, appId: q.app_id, q: q.q },
      { limit: q.per_page, offset: (q.page - 1) * q.per_page },
    );
    return { items, total, page: q.page, per_page: q.per_page };
  },
  countConsultations: (port, { query: q }) => port.queries.consultationCounts({ type: q.type, appId: q.app_id }),
  getConsultation: (port, { params }) => port.queries.consultationDetail(params.sid),
  acceptConsultation: (port, { params }) => detailAfter(port, params.sid, () => port.commands.acceptConsultation(params.sid)),
  endConsultation: (port, { params }) => detailAfter(port, params.sid, () => port.commands.endConsultation(params.sid)),
  recordOutcome: (port, { params, body }) => detailAfter(port, params.sid, () => port.commands.recordOutcome(params.sid, body.status)),
  listMessages: (port, { params, query }) => port.queries.messages(params.sid, query.after ?? 0, query.limit),
  postMessage: (port, { params, body }) => port.commands.postMessage(params.sid, body.author, body.body),
  writeFeedback: (port, { params, body }) => detailAfter(port, params.sid, () => port.commands.writeFeedback(params.sid, body)),
};
