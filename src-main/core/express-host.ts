// Everything a listening simulator serves besides the partner API and the control API (control/router.ts): the
// tester UI, the pet owner's page, pet media and the envelope for unknown routes, on express. It is its own module (and its own chunk
// of the build) so that a start need not evaluate it: `serve` loads it on the first request that is
// not a partner request, which a partner's test suite may never send (issue 14, cold start).
import express, { type Express } from 'express';
import { uiGuard } from './control/guard';
import { mediaRoutes } from './partner/media';
import { lastResort } from './http/last-resort';
import { staticUi } from './http/static-ui';
import { ownerRoutes } from './owner/owner-routes';
import type { PartnerPipeline } from './partner/pipeline';
import { isPartnerUrl } from './partner-url';
import type { SimulatorInternals } from './simulator-internals';

export function expressHost(internals: SimulatorInternals, partner: PartnerPipeline, uiDir: string | undefined): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // A listening server hands partner URLs to the pipeline before express (see Simulator.listen);
  // this first step does the same for callers of `app` itself (supertest, an embedding server).
  app.use((req, res, next) => (isPartnerUrl(req.url) ? partner(req, res) : next()));
  app.use(ownerRoutes(internals.owner, uiDir)); // before the UI's loopback rule: the owner's page is for any device
  app.use(staticUi(uiDir, uiGuard));
  app.use(mediaRoutes(internals.services));
  app.use((req, res) => partner(req, res)); // unknown routes answer with the partner envelope
  app.use(lastResort); // media and the static UI: never a stack trace or express's HTML error page
  return app;
}
