// Control API: health, request journal, clock, faults, reset, snapshot, demo data, openapi.json.
import express, { Router } from 'express';
import { clockBody } from '../../../src-shared/schemas/control';
import { faultRulesSchema } from '../domain/faults';
import type { SimulatorInternals } from '../simulator-internals';
import { ControlError, parseControl } from './helpers';
import { openApiDocument } from './openapi';
import { journalRoutes } from './journal-routes';
import type { ControlCallLog } from './control-calls';
import { controlOpenApiDocument } from '../openapi/control-document';
import { requestBaseUrl } from '../http/base-url';

export function systemRoutes(sim: SimulatorInternals, controlCalls: ControlCallLog): Router {
  const { services: s, ctx } = sim;
  const r = Router();

  // URLs in answers name the host the caller used (a container calling by service name with --control-token).
  r.get('/health', (req, res) =>
    void res.json({
      status: 'ok', version: sim.version, api_base_url: requestBaseUrl(req, ctx.baseUrl()), ui_url: `${ctx.baseUrl()}/__sim/`,
      data_dir: sim.dataDir ?? null, in_memory: !sim.dataDir, notices: sim.notices, clock: ctx.clock.state(),
      journal_count: s.journal.count(), journal_cap: sim.journalCap,
    }),
  );

  r.use(journalRoutes(sim, controlCalls));

  r.get('/clock', (_req, res) => void res.json(ctx.clock.state()));
  r.post('/clock', (req, res) => {
    const body = parseControl(clockBody, req.body);
    if ('advance_seconds' in body) ctx.clock.advance(body.advance_seconds * 1000);
    else if ('set' in body) ctx.clock.set(Date.parse(body.set));
    else if ('frozen' in body) ctx.clock.freeze(body.frozen);
    else ctx.clock.backToRealTime();
    sim.persistClock();
    ctx.events.state('clock', 'clock', 'changed');
    res.json(ctx.clock.state());
  });

  r.get('/faults', (_req, res) => void res.json({ items: s.faults.list() }));
  r.put('/faults', (req, res) => {
    const body = (req.body as { items?: unknown })?.items ?? req.body;
    res.json({ items: s.faults.replace(parseControl(faultRulesSchema, body)) });
  });

  // Answered as soon as the reset is committed (SimulatorInternals.reset): the bookkeeping after it
  // still runs before the next request is read.
  r.post('/reset', async (_req, res) => {
    let answered = false;
    try {
      await sim.reset(() => {
        answered = true;
        res.json({ reset: true });
      });
    } catch (err) {
      if (!answered) throw err;
      // The reset itself is committed and was reported as done; a second answer is impossible.
      console.error(`The reset is done, but clearing what the simulator keeps in memory after it failed: ${(err as Error).message}`);
    }
  });
  r.post('/demo-data', async (_req, res) => {
    res.json(await sim.loadDemoData());
  });

  r.get('/snapshot', (_req, res) => {
    s.journal.flush();
    const bytes = ctx.db.export();
    res.attachment(`vet-consult-simulator-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.sqlite`);
    res.setHeader('content-type', 'application/vnd.sqlite3');
    res.send(Buffer.from(bytes));
  });
  r.post('/snapshot', express.raw({ type: () => true, limit: '512mb' }), async (req, res) => {
    const body = req.body as Buffer;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new ControlError(422, 'invalid', 'Send the snapshot file as the request body (application/octet-stream).');
    try {
      await sim.restore(new Uint8Array(body));
    } catch (err) {
      throw new ControlError(422, 'invalid_snapshot', (err as Error).message);
    }
    res.json({ restored: true, bytes: body.length });
  });

  r.get('/openapi.json', (req, res) => void res.json(openApiDocument(sim.version, requestBaseUrl(req, ctx.baseUrl()))));
  r.get('/openapi-control.json', (req, res) => void res.json(controlOpenApiDocument(sim.version, requestBaseUrl(req, ctx.baseUrl()))));
  return r;
}
