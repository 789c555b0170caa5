// The partner pipeline, in the order behaviour §4 fixes:
// (CORS, as Laravel's global HandleCors) → route → app → auth → rate limit → (faults) → body parse → validation → domain.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { DomainContext } from '../domain/context';
import type { Services } from '../domain/services';
import { checkApiKey, requireBasic } from '../http/auth';
import { partnerCors } from '../http/cors';
import { parseBody } from '../http/body';
import { sendEnvelope, sendFailure } from '../http/envelope';
import { journalRecorder } from '../http/journal-recorder';
import { partnerLocals } from '../http/partner-context';
import { partnerErrorHandler } from '../http/partner-errors';
import { appRateLimit, type SimClockStore } from '../http/rate-limit';
import { resolveRoute } from '../http/route-resolver';
import { validateInput } from '../http/validate';
import { requestBaseUrl } from '../http/base-url';
import type { Family } from '../../../src-shared/endpoints';
import { applicationHandlers } from './application/handlers';
import { clientHandlers } from './client/handlers';

const HANDLERS = { ...applicationHandlers, ...clientHandlers };

export function partnerGateway(ctx: DomainContext, services: Services, store: SimClockStore): Router {
  const router = Router();
  router.use(journalRecorder(services.journal, store, () => ctx.clock.nowMs()));
  // The client family names the app by id or, as a public integration calls production, by its slug.
  const findApp = (family: Family, name: string) =>
    family === 'application' ? services.apps.byName(name) : (/^\d{1,9}$/.test(name) && services.apps.byId(Number(name))) || services.apps.byName(name);
  router.use(partnerCors(findApp));
  router.use(resolveRoute(findApp));
  router.use(requireBasic((app, u, p) => services.apps.checkBasic(app, u, p)));
  router.use(appRateLimit(store));
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const { endpoint } = partnerLocals(res);
    const rule = services.faults.match(endpoint!.id, req.method);
    if (!rule) return next();
    if (rule.delay_ms) await new Promise((r) => setTimeout(r, rule.delay_ms));
    if (rule.status) return sendFailure(res, rule.status, [rule.message ?? `Injected fault (${rule.status})`]);
    next();
  });
  router.use(parseBody);
  router.use(async (req: Request, res: Response) => {
    const locals = partnerLocals(res);
    const endpoint = locals.endpoint!;
    const handler = HANDLERS[endpoint.id];
    if (!handler) return sendFailure(res, 501, ['Not Implemented']);
    const raw = locals.input ?? {};
    if (endpoint.auth === 'api_key') checkApiKey(locals.app!, raw);
    const input = endpoint.schema ? validateInput(endpoint.schema, raw) : {};
    const result = await handler({ app: locals.app!, input, file: locals.file, services, ctx, baseUrl: requestBaseUrl(req, ctx.baseUrl()) });
    if ('raw' in result) {
      res.status(200).type(result.raw.contentType);
      if (result.raw.fileName) res.attachment(result.raw.fileName);
      return void res.send(result.raw.body);
    }
    sendEnvelope(res, result.status ?? 200, [result.message], result.data);
  });
  router.use(partnerErrorHandler);
  return router;
}
