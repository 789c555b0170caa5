// The tester UI at /__sim/ (built renderer), with a CSP and a clear page when it was not built.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router, type RequestHandler } from 'express';

export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * `uiGuard` is who may see the UI (the control API's loopback rule, control/guard.ts): passed in, because
 * http/ is the ground floor and knows nothing of the control API.
 */
export function staticUi(uiDir: string | undefined, uiGuard: RequestHandler): Router {
  const router = Router();
  router.get('/', (_req, res) => res.redirect(302, '/__sim/'));
  router.get('/favicon.ico', (_req, res) => void res.status(204).end()); // browsers ask; it is not a partner request
  // The control API under /__sim/v1 has its own guard, which answers in its JSON error format.
  const isControl = (path: string) => path.startsWith('/v1/') || path === '/v1';
  router.use('/__sim', (req, res, next) => (isControl(req.path) ? next() : uiGuard(req, res, next)));
  router.get('/__sim', (req, res, next) => (req.originalUrl === '/__sim' ? res.redirect(301, '/__sim/') : next()));
  router.use('/__sim', (req, res, next) => {
    if (isControl(req.path)) return next();
    res.setHeader('content-security-policy', UI_CSP);
    res.setHeader('x-frame-options', 'DENY');
    next();
  });
  if (uiDir && existsSync(join(uiDir, 'index.html'))) {
    // Never for the control API: looking for a file named like /__sim/v1/reset cost a file-system stat on
    // every control call (a quarter of a control request's CPU, measured; issue 14's reset figure).
    const files = express.static(uiDir, { index: 'index.html', maxAge: 0 });
    router.use('/__sim', (req, res, next) => (isControl(req.path) ? next() : files(req, res, next)));
    router.get(/^\/__sim\/(?!v1\/).*/, (_req, res) => res.sendFile(join(uiDir, 'index.html')));
  } else {
    router.get(/^\/__sim\/(?!v1\/).*/, (_req, res) =>
      res
        .status(503)
        .type('text/plain')
        .send('The tester UI is not built. Run `npm run build` (or `npm install`, which builds it), then reload this page.\n'),
    );
  }
  return router;
}
