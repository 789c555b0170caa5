// The vet console's routes (src-shared/control-api/routes-vet.ts). Each action answers the consultation's card as
// committed, not the detail: building the timeline and signing the owner link made accept and feedback 1.5–1.8×
// slower than the card alone (bench/REPORT-control-router.md); the screen reads the detail once if it shows it.
import type { vetRoutes } from '../../../src-shared/control-api/routes-vet';
import type { ControlHandlers } from './handler';

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
  acceptConsultation: (port, { params }, call) => port.commands.acceptConsultation(params.sid, call.actor.agent),
  endConsultation: (port, { params }, call) => port.commands.endConsultation(params.sid, call.actor.agent),
  recordOutcome: (port, { params, body }, call) => port.commands.recordOutcome(params.sid, body.status, call.actor.agent),
  listMessages: (port, { params, query }) => port.queries.messages(params.sid, query.after ?? 0, query.limit),
  postMessage: (port, { params, body }, call) => port.commands.postMessage(params.sid, body.author, body.body, call.actor.agent),
  writeFeedback: (port, { params, body }, call) => port.commands.writeFeedback(params.sid, body, call.actor.agent),
};
