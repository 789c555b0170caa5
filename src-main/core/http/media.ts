// GET /media/<app name>/pets/<pet id>/<file>: pet images kept in the database.
import { Router } from 'express';
import type { Services } from '../domain/services';
import { sendFailure } from './envelope';

export function mediaRoutes(services: Services): Router {
  const router = Router();
  router.get('/media/:app/pets/:petId/:file', (req, res) => {
    const app = services.apps.byName(req.params.app);
    const petId = Number(req.params.petId);
    const media = app && Number.isInteger(petId) ? services.pets.repo.media(app.id, petId, req.params.file) : undefined;
    if (!media) return sendFailure(res, 404, ['Media Not Found']);
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('x-content-type-options', 'nosniff');
    res.type(media.mime).send(Buffer.from(media.data));
  });
  return router;
}
