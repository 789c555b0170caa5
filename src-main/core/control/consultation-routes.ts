// Control API for the vet's side: the queue, accept, end, outcome, feedback.
import { Router } from 'express';
import { feedbackWriteBody, outcomeBody } from '../../../src-shared/schemas/control';
import type { ConsultationStatus } from '../../../src-shared/control';
import type { ConsultationRow } from '../db/repositories/types';
import { parseTimestamp } from '../clock';
import type { SimulatorInternals } from '../simulator-internals';
import { int, paging, parseControl, str } from './helpers';

const STATUSES: ConsultationStatus[] = ['waiting', 'active', 'ringing', 'accepted', 'ended', 'completed', 'declined', 'notanswered'];
/** Still needing the vet: a chat not yet ended, a call not yet answered or finished. */
const OPEN_STATUSES: ConsultationStatus[] = ['waiting', 'active', 'ringing', 'accepted'];

export function consultationRoutes(sim: SimulatorInternals): Router {
  const { services: s, ctx } = sim;
  const r = Router();

  /** A consultation with the user, pet, vet and feedback cards the vet console shows. */
  const view = (c: ConsultationRow, vets = s.vets.list()) => {
    const user = s.users.repo.byId(c.user_id);
    const pet = c.pet_id ? s.pets.repo.byId(c.pet_id) : undefined;
    const vet = vets.find((v) => v.id === c.vet_id);
    const feedback = s.feedback.repo.ofConsultation(c.id);
    const app = s.apps.byId(c.app_id);
    return {
      ...c,
      app_name: app?.name ?? null,
      waiting_seconds: Math.max(0, Math.round((ctx.clock.nowMs() - parseTimestamp(c.created_at)) / 1000)),
      user: user && {
        id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, role: user.role, status: user.status,
        phone_no: user.phone_no, emergency_fund: user.emergency_fund,
      },
      pet: pet && { id: pet.id, name: pet.name, species: pet.species, breed: pet.breed, age: pet.age, weight: pet.weight, sex: pet.sex, profile: pet.profile },
      vet: vet && { id: vet.id, username: vet.username, first_name: vet.first_name, last_name: vet.last_name },
      feedback: feedback ?? null,
    };
  };

  r.get('/consultations', (req, res) => {
    const { page, per, offset } = paging(req);
    const status = str(req.query.status)?.split(',');
    const { total, rows } = s.consultations.repo.page({ status, type: str(req.query.type), appId: int(req.query.app_id), q: str(req.query.q) }, per, offset);
    // The roster once per page, not once per row: its busy flags scan the open consultations.
    const vets = s.vets.list();
    res.json({ items: rows.map((c) => view(c, vets)), total, page, per_page: per });
  });
  /** Totals per status (all of them, zeros included) and of the open ones: what the console's columns show. */
  r.get('/consultations/counts', (req, res) => {
    const by_status = Object.fromEntries(STATUSES.map((st) => [st, 0])) as Record<ConsultationStatus, number>;
    for (const { status, n } of s.consultations.repo.countByStatus({ type: str(req.query.type), appId: int(req.query.app_id) }))
      if (status in by_status) by_status[status as ConsultationStatus] = Number(n);
    res.json({ by_status, open: OPEN_STATUSES.reduce((sum, st) => sum + by_status[st], 0) });
  });
  r.get('/consultations/:sid', (req, res) => void res.json(view(s.consultations.assertExists(req.params.sid))));
  r.post('/consultations/:sid/accept', (req, res) => {
    s.consultations.assertExists(req.params.sid);
    res.json(view(s.consultations.accept(req.params.sid)));
  });
  r.post('/consultations/:sid/end', (req, res) => {
    s.consultations.assertExists(req.params.sid);
    res.json(view(s.consultations.endChat(req.params.sid)));
  });
  r.post('/consultations/:sid/outcome', (req, res) => {
    const { status } = parseControl(outcomeBody, req.body);
    s.consultations.assertExists(req.params.sid);
    res.json(view(s.consultations.recordOutcome(req.params.sid, status)));
  });
  r.put('/consultations/:sid/feedback', (req, res) => {
    const body = parseControl(feedbackWriteBody, req.body);
    s.feedback.write(req.params.sid, body);
    res.json(view(s.consultations.assertExists(req.params.sid)));
  });
  return r;
}
