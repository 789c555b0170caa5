// Control API for the vet's side: the queue, accept, end, outcome, feedback.
import { Router } from 'express';
import { feedbackWriteBody, messagePostBody, outcomeBody } from '../../../src-shared/schemas/control';
import type { ControlPort } from '../domain/control-port';
import { int, paging, parseControl, str } from './helpers';

export function consultationRoutes(port: ControlPort): Router {
  const { queries: q, commands: c } = port;
  const r = Router();

  r.get('/consultations', (req, res) => {
    const { page, per, offset } = paging(req);
    const status = str(req.query.status)?.split(',');
    const { items, total } = q.consultations({ status, type: str(req.query.type), appId: int(req.query.app_id), q: str(req.query.q) }, { limit: per, offset });
    res.json({ items, total, page, per_page: per });
  });
  /** Totals per status (all of them, zeros included) and of the open ones: what the console's columns show. */
  r.get('/consultations/counts', (req, res) => void res.json(q.consultationCounts({ type: str(req.query.type), appId: int(req.query.app_id) })));
  r.get('/consultations/:sid', async (req, res) => void res.json(await q.consultationDetail(req.params.sid)));
  r.post('/consultations/:sid/accept', (req, res) => void res.json(c.acceptConsultation(req.params.sid)));
  r.post('/consultations/:sid/end', (req, res) => void res.json(c.endConsultation(req.params.sid)));
  r.post('/consultations/:sid/outcome', (req, res) => {
    const { status } = parseControl(outcomeBody, req.body);
    res.json(c.recordOutcome(req.params.sid, status));
  });
  /** The thread, oldest first; `after` an index for what is new since, `limit` 1–500 (default 200). */
  r.get('/consultations/:sid/messages', (req, res) => {
    const limit = Math.min(500, Math.max(1, int(req.query.limit) ?? 200));
    res.json(q.messages(req.params.sid, int(req.query.after) ?? 0, limit));
  });
  r.post('/consultations/:sid/messages', (req, res) => {
    const { author, body } = parseControl(messagePostBody, req.body);
    res.status(201).json(c.postMessage(req.params.sid, author, body));
  });
  r.put('/consultations/:sid/feedback', (req, res) => void res.json(c.writeFeedback(req.params.sid, parseControl(feedbackWriteBody, req.body))));
  return r;
}
