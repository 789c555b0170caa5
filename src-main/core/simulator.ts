// openSimulator / createSimulator: the one core behind the Electron app, the `serve` CLI and the tests.
import { limitConnections, type ConnectionLimits } from './http/connection-limits';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from './http/node-http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import type { Express } from 'express';
import { SimClock } from './clock';
import { Database, databaseFile } from './db/database';
import { takeEarly, type EarlyRead } from './db/early-read';
import { privateDataDir } from './db/private-files';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { checkFilesInBackground } from './db/integrity-check';
import { JOURNAL_MIGRATIONS } from './db/migrations';
import { journalCapBytesOf } from './db/repositories/journal';
import { NoticeBoard } from './db/notices';
import type { DurableFs } from './db/oplog';
import type { DomainContext } from './domain/context';
import type { ResetOptions } from './domain/simulator-state';
import { randomnessFor } from './domain/randomness';
import { reseedable } from './domain/scenario/reseedable';
import { ControlCallLog } from './control/control-calls';
import { weakTokenMessage, weakTokenReason } from './control/weak-tokens';
import { controlPort, type ControlPort } from './domain/control-port';
import { ownerPort } from './domain/owner-port';
import { buildServices, type Services } from './domain/services';
import { SimulatorEventBus } from './events';
import { SimClockStore } from './http/rate-limit';
import { partnerPipeline } from './partner/pipeline';
import { isControlUrl, isPartnerUrl } from './partner-url';
import type { ControlRouter } from './control/router';
import { answerClientError, answerHostFailure } from './http/unanswered';
import { loadOnce } from './load-once';
import type { SimulatorInternals } from './simulator-internals';
import type { AutopilotDocument } from '../../src-shared/control';

export interface SimulatorOptions {
  /** Caps on open connections, in total and per client address (http/connection-limits.ts). */
  connectionLimits?: ConnectionLimits;
  /** Folder holding simulator.sqlite; ignored when inMemory. */
  dataDir?: string;
  inMemory?: boolean;
  seed?: 'demo';
  journalCap?: number;
  /** How many bytes the stored journal may take, on disk and in memory (default 64 MiB, at least 16 MiB). */
  journalCapBytes?: number;
  uiDir?: string;
  version?: string;
  /** Source of real time (tests pass a fake); the simulator clock adds its offset. */
  realNow?: () => number;
  random?: () => number;
  /** Makes ids, secrets (the token signing secret included) and the vet draw reproducible (domain/randomness.ts). */
  randomSeed?: number;
  checkpointIntervalMs?: number;
  /** Lets other hosts drive the control API with `Authorization: Bearer <token>` (loopback stays open). */
  controlToken?: string;
  /** File writes of the op logs and checkpoints; tests inject disk errors here. */
  fs?: DurableFs;
  /** The database file, read ahead by the CLI while it loaded (db/early-read.ts); used only if unchanged. */
  earlyRead?: EarlyRead;
  /**
   * Autopilot rules to put in force at start (replacing the stored ones; they are stored like rules set through
   * the control API). Checked by their schema: a refused document fails the start with every problem named.
   */
  autopilot?: AutopilotDocument;
  /** A scenario to load at start (behaviour §20): a parsed value or YAML/JSON text; replaces the data. A refused one fails the start. */
  scenario?: unknown;
}

/** A simulator whose express side (control API, UI, media) is loaded on the first request that needs it. */
export interface SimulatorCore {
  /** The control port: what hosts (the programmatic API, the Electron main process) may ask of the simulator. */
  control: ControlPort;
  /** The services and context behind the ports: for tests of the core, not for hosts. */
  services: Services;
  ctx: DomainContext;
  /** Warnings a user must see (a database moved aside, a log replay that stopped, a save that fails). */
  notices: string[];
  /** Called for each notice added after start (the start-up ones are in `notices` already). */
  onNotice(listener: (notice: string) => void): void;
  /** Plain information for the host to print (e.g. the demo data set was loaded). */
  info: string[];
  listen(port?: number, host?: string): Promise<{ url: string; port: number; server: Server }>;
  /** The request handler listen() serves (partner URLs to the lean pipeline, the rest to express), for in-process callers such as supertest. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
  /** Back to a new data dir's state; the clock stays as it is unless `{ clock: 'real_time' }` (behaviour §11). */
  reset(options?: ResetOptions): Promise<void>;
  /** The express app behind everything that is not a partner URL, loaded (once) on the first call. */
  host(): Promise<Express>;
  /**
   * The control router's and the express host's code loaded, the express app still unbuilt: the first request that
   * needs it builds it, synchronously, so calls keep their order. Building it on every start was ~1.5–2 ms of each
   * further startSimulator() (issue 30).
   */
  hostLoaded(): Promise<void>;
}

/** A simulator with its express app ready, for in-process callers (supertest) that hand requests to `app`. */
export interface Simulator extends SimulatorCore {
  app: Express;
}

/** createSimulator with the express app loaded, for callers that use `app` directly. */
export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const core = await openSimulator(options);
  try {
    return Object.assign(core, { app: await core.host() });
  } catch (err) {
    await core.close();
    throw err;
  }
}

/**
 * The simulator, ready to listen, with the partner pipeline only: express, the control API, the
 * OpenAPI documents and the UI's static files load on the first request that needs them (a request
 * that arrives meanwhile waits for them). A start evaluates what the first partner answer uses.
 */
export async function openSimulator(options: SimulatorOptions = {}): Promise<SimulatorCore> {
  const dataDir = options.inMemory ? undefined : options.dataDir;
  // Checked before the folder is locked: a seed out of range fails the start and holds nothing.
  const random = reseedable(randomnessFor(options.randomSeed)); // a scenario's seed sets it again
  // The CLI refuses a guessable control token with exit 2; a host or test that starts the core itself gets the same
  // refusal, before the folder is locked (whoever reaches a published port would read every app's secrets with it).
  const weakToken = options.controlToken === undefined ? undefined : weakTokenReason(options.controlToken);
  if (weakToken) throw new Error(weakTokenMessage(weakToken));
  const tightened = dataDir ? privateDataDir(dataDir) : [];
  // Before any file is read: a second process on the folder would overwrite this one's writes.
  const lock: DataDirLock | undefined = dataDir ? lockDataDir(dataDir) : undefined;
  const board = new NoticeBoard();
  let db: Database;
  let journalDb: Database;
  // Checked before anything opens: a cap out of range fails the start with the range named.
  let journalCapBytes: number;
  try {
    journalCapBytes = journalCapBytesOf(options.journalCapBytes);
    const file = dataDir ? databaseFile(dataDir) : undefined;
    const preread = file ? takeEarly(options.earlyRead, file) : undefined;
    db = await Database.open({ file, checkpointIntervalMs: options.checkpointIntervalMs, notices: board, fs: options.fs, preread });
    // The journal is its own file, checkpointed less often: partner data stays small and cheap to write out.
    journalDb = await Database.open({ file: dataDir ? join(dataDir, 'journal.sqlite') : undefined, migrations: JOURNAL_MIGRATIONS, checkpointIntervalMs: 30_000, notices: board, fs: options.fs });
  } catch (err) {
    lock?.release();
    throw err;
  }
  // After the databases' own notices: a database moved aside is the first thing to read.
  for (const n of tightened) board.add(n);
  const clock = new SimClock(options.realNow);
  let baseUrl = 'http://127.0.0.1:4010';
  const ctx: DomainContext = { db, uow: db.uow, clock, events: new SimulatorEventBus(), baseUrl: () => baseUrl, random };
  const journalCap = options.journalCap ?? 10_000;
  const store = new SimClockStore(clock);
  const services = buildServices(ctx, { journalDb, journalCap, journalCapBytes, random: options.random, forgetRateWindows: () => store.resetAll() });
  const notices = board.list;
  // The UI reloads /health (and with it the header's notice) on a `simulator` event; notices after
  // start are rare (a failing save, the page check), so the full reload it causes is affordable.
  board.onNotice(() => ctx.events.state('simulator', 'notices', 'notice'));

  const wasEmpty = !services.apps.list().length;
  services.defaults.seed();
  for (const problem of services.simulator.load()) board.add(problem);
  if (options.autopilot) {
    try {
      services.autopilot.set(options.autopilot);
    } catch (err) {
      db.close();
      journalDb.close();
      lock?.release();
      throw err;
    }
  }
  // Steps fall due as real time passes, unless the clock is frozen (then only moving it runs them).
  services.autopilot.realTime.start();

  const control = controlPort(services, ctx, { version: options.version ?? '0.0.0', dataDir, journalCap, journalCapBytes, notices, controlToken: options.controlToken });
  // Made on the first control call that needs it: nothing of the control API runs on a start or a partner request.
  let controlCalls: ControlCallLog | undefined;
  const internals: SimulatorInternals = { ...control, services, owner: ownerPort(services, ctx), get controlCalls() { return (controlCalls ??= new ControlCallLog()); } };
  const info: string[] = [];

  const partner = partnerPipeline(ctx, services, store);
  // A scenario's calls go through this very pipeline (domain/scenario/calls.ts); the demo is such a scenario.
  control.usePartner(partner);
  const demo = options.seed === 'demo' && options.scenario === undefined;
  if (demo && !wasEmpty) info.push('The database is not empty: the demo data set was not loaded.');
  if (options.scenario !== undefined || (demo && wasEmpty)) {
    try {
      info.push((await (demo ? control.commands.loadDemoData() : control.commands.loadScenario(options.scenario))).message);
    } catch (err) {
      services.autopilot.realTime.stop();
      services.journal.flush();
      db.close();
      journalDb.close();
      lock?.release();
      throw err;
    }
  }
  // The control API (/__sim/v1): one router on plain node:http (control/router.ts), loaded on the first control call.
  let controlApi: ControlRouter | undefined;
  const loadControl = loadOnce(() => import('./control/router').then((m) => (controlApi = m.controlRouter(internals, internals.controlCalls))));
  // The tester UI, the owner's page and media on express, loaded on the first request that needs them.
  let app: Express | undefined;
  let hostModule: typeof import('./express-host') | undefined;
  const loadHost = loadOnce(() => import('./express-host').then((m) => (hostModule = m)));
  const expressApp = (m: typeof import('./express-host')) => (app ??= m.expressHost(internals, partner, options.uiDir));
  const host = () => loadHost().then(expressApp);
  const hostLoaded = async () => {
    await Promise.all([loadHost(), loadControl()]);
  };
  // The MCP server over Streamable HTTP (/__sim/mcp, behaviour §21), behind the control API's guards; loaded on its first request.
  let mcp: Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> | undefined;
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    // Partner requests never enter express: the hot path is the lean pipeline alone.
    if (isPartnerUrl(req.url)) return partner(req, res);
    if (/^\/__sim\/mcp(?:[/?]|$)/.test(req.url ?? ''))
      return void (mcp ??= import('./mcp/http').then((m) => m.mcpHandler({ token: options.controlToken, version: options.version ?? '0.0.0' }))).then((h) => h(req, res), (err) => answerHostFailure(res, err));
    if (isControlUrl(req.url)) {
      if (controlApi) return controlApi(req, res);
      // The request's body stays unread in its stream until the router takes it.
      return void loadControl().then((route) => route(req, res), (err) => answerHostFailure(res, err));
    }
    if (app) return app(req, res);
    if (hostModule) return expressApp(hostModule)(req, res);
    host().then((loaded) => loaded(req, res), (err) => answerHostFailure(res, err));
  };

  // Garbage pages behind a readable header only show when read; a scan in a worker finds them. It
  // starts a moment after the server listens (after open, for a simulator that never listens) so that
  // the worker and its own sql.js do not compete with the first requests.
  let integrity: { stop(): void } | undefined;
  let integrityTimer: NodeJS.Timeout | undefined;
  const checkFilesSoon = () => {
    if (!dataDir || integrity) return;
    clearTimeout(integrityTimer);
    integrityTimer = setTimeout(() => {
      integrity = checkFilesInBackground([databaseFile(dataDir), join(dataDir, 'journal.sqlite')], (results) => {
        for (const r of results) if (r.problems.length) board.add(`The database ${r.file} failed its integrity check (${r.problems.join('; ')}). Some records may not read; restore a snapshot or reset the simulator.`);
      }, (err) => console.warn(`The page check of the database files could not run: ${err.message}`));
    }, 1000).unref();
  };
  checkFilesSoon();

  let server: Server | undefined;
  return {
    control, services, ctx, notices, info, host, hostLoaded, handle: answer,
    onNotice: (listener) => board.onNotice(listener),
    reset: (options?: ResetOptions) => services.simulator.reset(undefined, options),
    listen(port = 4010, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const s = createServer();
        s.on('request', limitConnections(s, answer, options.connectionLimits));
        // Longer than common clients keep idle sockets, so the server never closes one a client is
        // about to reuse (which the client sees as ECONNRESET; seen in the soak test with 5 s).
        s.keepAliveTimeout = 65_000;
        s.headersTimeout = 66_000;
        s.on('clientError', answerClientError);
        s.once('error', reject);
        s.listen(port, host, () => {
          s.off('error', reject);
          server = s;
          checkFilesSoon();
          const actual = (s.address() as AddressInfo).port;
          const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
          baseUrl = `http://${shownHost}:${actual}`;
          resolve({ url: baseUrl, port: actual, server: s });
        });
      });
    },
    async close() {
      // A held request is an open connection waiting for a decision that will not come now: closed, not left hanging.
      await services.held.closeAll();
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
          // event streams never finish on their own; give in-flight requests a moment, then end them
          setTimeout(() => s.closeAllConnections(), 1000).unref();
        });
      }
      services.autopilot.realTime.stop();
      clearTimeout(integrityTimer);
      integrity?.stop();
      services.journal.flush();
      try {
        db.close();
        journalDb.close();
      } finally {
        lock?.release();
      }
    },
  };
}

