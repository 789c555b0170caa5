// The simulator's own routes (src-shared/control-api/routes-system.ts): health, clock, faults, reset, demo
// data, snapshots and the OpenAPI documents. The event stream and the snapshot upload are in their own files.
import type { systemRoutes } from '../../../src-shared/control-api/routes-system';
import { controlOpenApiDocument } from '../openapi/control-document';
import { openApiDocument } from './openapi';
import type { ControlHandlers } from './handler';
import { restoreUpload } from './snapshot-upload';

type Handled = Omit<ControlHandlers<typeof systemRoutes>, 'events'>;

export const systemHandlers: Handled = {
  // URLs in answers name the host the caller used (a container calling by service name with --control-token).
  getHealth: (port, _input, call) => {
    const { facts, queries: q } = port;
    return {
      status: 'ok' as const, version: facts.version, api_base_url: call.baseUrl, ui_url: `${port.baseUrl()}/__sim/`,
      data_dir: facts.dataDir ?? null, in_memory: !facts.dataDir, notices: facts.notices, clock: q.clock(),
      journal_count: q.requestCount(), journal_cap: facts.journalCap, journal_cap_bytes: facts.journalCapBytes ?? null,
    };
  },
  getClock: (port) => port.queries.clock(),
  setClock: (port, { body }) => port.commands.changeClock(body),
  getFaults: (port) => ({ items: port.queries.faults() }),
  putFaults: (port, { body }) => ({ items: port.commands.replaceFaults(body) }),
  // Answered as soon as the reset is committed (see simulator-state.ts): the bookkeeping after it still runs
  // before the next request is read. A failure of that bookkeeping cannot be a second answer: it is reported.
  reset: (port, { body }) =>
    new Promise((resolve, reject) => {
      let answered = false;
      port.commands
        .reset(() => {
          answered = true;
          resolve({ reset: true as const });
        }, body)
        .catch((err: unknown) => {
          if (!answered) return reject(err);
          console.error(`The reset is done, but clearing what the simulator keeps in memory after it failed: ${(err as Error).message}`);
        });
    }),
  loadDemoData: (port) => port.commands.loadDemoData(),
  getSnapshot: (port, _input, call) => {
    const bytes = port.queries.snapshot();
    const name = `vet-consult-simulator-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.sqlite`;
    call.res.setHeader('content-disposition', `attachment; filename="${name}"`);
    call.res.setHeader('content-type', 'application/vnd.sqlite3');
    return Buffer.from(bytes);
  },
  restoreSnapshot: (port, _input, call) => restoreUpload(port, call),
  getPartnerOpenApi: (port, _input, call) => openApiDocument(port.facts.version, call.baseUrl),
  getControlOpenApi: (port, _input, call) => controlOpenApiDocument(port.facts.version, call.baseUrl),
};
