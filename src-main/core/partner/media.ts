// GET /media/<app name>/pets/<pet id>/<file>: pet images kept in the database.
// Served only as one of the four image types, with nosniff and a CSP that forbids everything, so a
// stored row of another type (a hostile snapshot, an old bug) can never run as a page on our origin.
import { Router } from 'express';
import { IMAGE_TYPES } from '../domain/pets';
import type { Services } from '../domain/services';
import { sendFailure } from '../http/envelope';

export const MEDIA_CSP = "default-src 'none'; sandbox";

export function mediaRoutes(services: Services): Router {
  const router = Router();
  router.get('/media/:app/pets/:petId/:file', (req, res) => {
    const app = services.apps.byName(req.params.app);
    const petId = Number(req.params.petId);
    const media = app && Number.isInteger(petId) ? services.pets.media(app.id, petId, req.params.file) : undefined;
    if (!media || !Object.hasOwn(IMAGE_TYPES, media.mime)) return sendFailure(res, 404, ['Media Not Found']);
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('content-security-policy', MEDIA_CSP);
    res.setHeader('content-type', media.mime);
    res.send(Buffer.from(media.data));
  });
  return router;
}
