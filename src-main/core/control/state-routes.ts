// Control API: apps, vets, users, pets, payments, feedback, packages.
import { Router } from 'express';
import { appCreateBody, appPatchBody, packageBody, vetPatchBody } from '../../../src-shared/schemas/control';
import type { ControlPort } from '../domain/control-port';
import { ControlError, int, paging, parseControl, str } from './helpers';

export function stateRoutes(port: ControlPort): Router {
  const { queries: q, commands: c } = port;
  const r = Router();

  r.get('/apps', (_req, res) => void res.json({ items: q.apps() }));
  r.post('/apps', (req, res) => void res.status(201).json(c.createApp(parseControl(appCreateBody, req.body))));
  r.patch('/apps/:id', (req, res) => void res.json(c.updateApp(Number(req.params.id), parseControl(appPatchBody, req.body))));
  r.post('/apps/:id/token', (req, res) => void res.json(c.newAppToken(Number(req.params.id))));

  r.get('/vets', (_req, res) => void res.json({ items: q.vets() }));
  r.patch('/vets/:id', (req, res) => void res.json(c.setVetOnline(req.params.id, parseControl(vetPatchBody, req.body).online)));

  r.get('/users', (req, res) => {
    const { page, per, offset } = paging(req);
    const { items, total } = q.users({ appId: int(req.query.app_id), q: str(req.query.q), family: str(req.query.family) }, { limit: per, offset });
    res.json({ items, total, page, per_page: per });
  });
  r.get('/users/:id', (req, res) => {
    const record = q.user(Number(req.params.id));
    if (!record) throw new ControlError(404, 'not_found', 'User Not Found');
    res.json(record);
  });

  r.get('/pets', (req, res) => {
    const { page, per, offset } = paging(req);
    const { items, total } = q.pets({ appId: int(req.query.app_id), q: str(req.query.q) }, { limit: per, offset });
    res.json({ items, total, page, per_page: per });
  });

  r.get('/payments', (req, res) => {
    const { page, per, offset } = paging(req);
    const { items, total } = q.payments({ appId: int(req.query.app_id) ?? 1, q: str(req.query.q), status: str(req.query.status) }, { limit: per, offset });
    res.json({ items, total, page, per_page: per });
  });

  r.get('/feedback', (req, res) => {
    const { page, per, offset } = paging(req);
    const { items, total } = q.feedback({ appId: int(req.query.app_id), q: str(req.query.q) }, { limit: per, offset });
    res.json({ items, total, page, per_page: per });
  });

  r.get('/packages', (_req, res) => void res.json({ items: q.packages() }));
  r.put('/packages/:id', (req, res) => void res.json(c.putPackage(req.params.id, parseControl(packageBody, req.body))));

  return r;
}
