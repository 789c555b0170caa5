// Control API: health, request journal, clock, faults, reset, snapshot, demo data, openapi.json.
import express, { Router } from 'express';
import { clockBody } from '../../../src-shared/schemas/control';
import type { ControlPort } from '../domain/control-port';
import { faultRulesSchema } from '../domain/faults';
import { ControlError, parseControl } from './helpers';
import { openApiDocument } from './openapi';
import { journalRoutes } from './journal-routes';
import type { ControlCallLog } from './control-calls';
import { controlOpenApiDocument } from '../openapi/control-document';
import { requestBaseUrl } from '../http/base-url';

export function systemRoutes(port: ControlPort, controlCalls: ControlCallLog): Router {
  const { facts, queries: q, commands: c } = port;
  const r = Router();

  // URLs in answers name the host the caller used (a container calling by service name with --control-token).
  r.get('/health', (req, res) =>
    void res.json({
      status: 'ok', version: facts.version, api_base_url: requestBaseUrl(req, port.baseUrl()), ui_url: `${port.baseUrl()}/__sim/`,
      data_dir: facts.dataDir ?? null, in_memory: !facts.dataDir, notices: facts.notices, clock: q.clock(),
      journal_count: q.requestCount(), journal_cap: facts.journalCap,
    }),
  );

  r.use(journalRoutes(port, controlCalls));

  r.get('/clock', (_req, res) => void res.json(q.clock()));
  r.post('/clock', (req, res) => void res.json(c.changeClock(parseControl(clockBody, req.body))));

  r.get('/faults', (_req, res) => void res.json({ items: q.faults() }));
  r.put('/faults', (req, res) => {
    const body = (req.body as { items?: unknown })?.items ?? req.body;
    res.json({ items: c.replaceFaults(parseControl(faultRulesSchema, body)) });
  });

  // Answered as soon as the reset is committed (see simulator-state.ts): the bookkeeping after it
  // still runs before the next request is read.
  r.post('/reset', async (_req, res) => {
    let answered = false;
    try {
      await c.reset(() => {
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
    res.json(await c.loadDemoData());
  });

  r.get('/snapshot', (_req, res) => {
    const bytes = q.snapshot();
    res.attachment(`vet-consult-simulator-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.sqlite`);
    res.setHeader('content-type', 'application/vnd.sqlite3');
    res.send(Buffer.from(bytes));
  });
  r.post('/snapshot', express.raw({ type: () => true, limit: '512mb' }), async (req, res) => {
    const body = req.body as Buffer;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new ControlError(422, 'invalid', 'Send the snapshot file as the request body (application/octet-stream).');
    try {
      await c.restore(new Uint8Array(body));
    } catch (err) {
      throw new ControlError(422, 'invalid_snapshot', (err as Error).message);
    }
    res.json({ restored: true, bytes: body.length });
  });

  r.get('/openapi.json', (req, res) => void res.json(openApiDocument(facts.version, requestBaseUrl(req, port.baseUrl()))));
  r.get('/openapi-control.json', (req, res) => void res.json(controlOpenApiDocument(facts.version, requestBaseUrl(req, port.baseUrl()))));
  return r;
}
