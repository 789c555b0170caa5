// Control API: apps, vets, users, pets, payments, feedback, packages.
import { Router } from 'express';
import { appCreateBody, appPatchBody, packageBody, vetPatchBody } from '../../../src-shared/schemas/control';
import { consultationsRepo } from '../db/repositories/consultations';
import type { UserRow } from '../db/repositories/types';
import { activationBlockers, emergencyStats } from '../domain/emergency';
import type { SimulatorInternals } from '../simulator-internals';
import { ControlError, int, paging, parseControl, str } from './helpers';

export function publicUser(u: UserRow) {
  const { password_hash: _hidden, ...rest } = u;
  return rest;
}

export function stateRoutes(sim: SimulatorInternals): Router {
  const { services: s, ctx } = sim;
  const r = Router();

  r.get('/apps', (_req, res) => void res.json({ items: s.apps.list() }));
  r.post('/apps', (req, res) => void res.status(201).json(s.apps.create(parseControl(appCreateBody, req.body))));
  r.patch('/apps/:id', (req, res) => void res.json(s.apps.update(Number(req.params.id), parseControl(appPatchBody, req.body))));
  r.post('/apps/:id/token', (req, res) => void res.json(s.apps.newToken(Number(req.params.id))));

  r.get('/vets', (_req, res) => void res.json({ items: s.vets.list() }));
  r.patch('/vets/:id', (req, res) => void res.json(s.vets.setOnline(req.params.id, parseControl(vetPatchBody, req.body).online)));

  r.get('/users', (req, res) => {
    const { page, per, offset } = paging(req);
    const { total, rows } = s.users.repo.page({ appId: int(req.query.app_id), q: str(req.query.q), family: str(req.query.family) }, per, offset);
    const now = ctx.clock.nowMs();
    res.json({
      items: rows.map((u) => ({ ...publicUser(u), can_activate_Emergency: activationBlockers(u, now).length === 0, remaining_trial_period_days: emergencyStats(u, now).remaining_trial_period_days })),
      total, page, per_page: per,
    });
  });
  r.get('/users/:id', (req, res) => {
    const u = s.users.repo.byId(Number(req.params.id));
    if (!u) throw new ControlError(404, 'not_found', 'User Not Found');
    const now = ctx.clock.nowMs();
    const consultations = consultationsRepo(ctx.db).ofUser(u.id, 50);
    res.json({
      user: publicUser(u),
      app: s.apps.byId(u.app_id),
      statuses: s.users.repo.statuses(u.id),
      emergency_stats: emergencyStats(u, now),
      emergency_blockers: activationBlockers(u, now),
      pets: s.pets.repo.liveOfUser(u.id).map((p) => ({ ...p, is_default: p.id === u.default_pet_id })),
      devices: s.users.repo.devices(u.id),
      consultations,
    });
  });

  r.get('/pets', (req, res) => {
    const { page, per, offset } = paging(req);
    const { total, rows } = s.pets.repo.page({ appId: int(req.query.app_id), q: str(req.query.q) }, per, offset);
    res.json({ items: rows, total, page, per_page: per });
  });

  r.get('/payments', (req, res) => {
    const { page, per, offset } = paging(req);
    const appId = int(req.query.app_id) ?? 1;
    const { total, rows } = s.payments.repo.list({ appId, q: str(req.query.q), status: str(req.query.status) }, per, offset);
    res.json({ items: rows, total, page, per_page: per });
  });

  r.get('/feedback', (req, res) => {
    const { page, per, offset } = paging(req);
    const { total, rows } = s.feedback.repo.list({ appId: int(req.query.app_id), q: str(req.query.q) }, per, offset);
    res.json({ items: rows, total, page, per_page: per });
  });

  r.get('/packages', (_req, res) => void res.json({ items: s.payments.repo.packages() }));
  r.put('/packages/:id', (req, res) => {
    const body = parseControl(packageBody, req.body);
    s.payments.repo.upsertPackage({ id: req.params.id, ...body });
    res.json(s.payments.repo.packageById(req.params.id));
  });

  return r;
}
