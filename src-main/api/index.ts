// The package's programmatic API: `import { startSimulator } from 'vet-consult-simulator'` in a
// vitest / jest / node:test suite. It starts the same core as `serve` in the test's own process and
// drives it through the control API (/__sim/v1), exactly as the UI and external scripts do, so a
// suite that uses it exercises the documented contract and nothing private.
// Relative imports end in `.js` here and in every file whose declarations ship (control-client.ts;
// src-shared/control.ts imports nothing): tsc copies specifiers into out/types as written, and a
// partner project under node16/nodenext resolution cannot follow an extensionless one (bundler takes both).
import { startOfLibrary } from '../core/perf/library-start.js';
import { controlClient, type AutopilotDocument, type ControlClient } from './control-client.js';

// The core loads as soon as the package is imported, behind Node's compile cache, with SQLite's WebAssembly
// compiling meanwhile: a suite imports the package, then starts the simulator (core/perf/library-start.ts).
const library = startOfLibrary(() => import('../core/simulator.js'), () => import('../core/express-host.js'));

export { controlClient, ControlApiError } from './control-client.js';
export type {
  AutopilotDocument, AutopilotProblem, ClockState, ConsultationDetail, ConsultationFilter, ConsultationView, FeedbackInput, JournalFilter, JournalSummary, JournalEntry,
  PendingStep, RefusalDetail, SayOptions, ThreadMessage, TimelineEntry, VetRecord,
} from './control-client.js';
export type { HeldCall, HeldEnvelope, HeldRequest, Hold, HoldArmRequest, HoldOutcome, NextHold, NextHoldOptions } from './holds-client.js';

export interface StartSimulatorOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Keep the data in this folder; without it everything stays in memory (the default for tests). */
  dataDir?: string;
  /** Load the demo data set on an empty database. */
  seed?: 'demo';
  /** How many requests the journal keeps (default 10,000). */
  journalCap?: number;
  /** How many bytes the stored journal may take, on disk and in memory (default 64 MiB, 16 MiB to 4 GiB). */
  journalCapBytes?: number;
  /**
   * Autopilot rules to start with: the document, or the path of a YAML or JSON file holding it. A document the
   * schema refuses fails the start with one line naming the problem and its path (and the file and line).
   */
  autopilot?: AutopilotDocument | string;
  /**
   * Makes every draw reproducible (a whole number, 0 to 2^32 − 1): the token signing secret, every id and
   * secret, the vet a consultation gets. Two runs of the same calls on a frozen clock answer byte for byte
   * alike, tokens included. Without it secrets are random. Not `seed`, which loads the demo data.
   */
  randomSeed?: number;
}

export interface RunningSimulator extends ControlClient {
  /** Base URL of both partner families, e.g. `http://127.0.0.1:43117`. */
  url: string;
  /** The control API's base URL (`<url>/__sim/v1`). */
  controlUrl: string;
  /** The default app's credentials (app `demo`, id 1), ready for requests. */
  credentials: { app: string; appId: number; username: string; password: string; apiKey: string; authorization: string };
  /** Stops the server and releases the data folder. */
  close(): Promise<void>;
}

/** The rules of `startSimulator({ autopilot })`: a file is read (YAML or JSON) only when one is named. */
async function autopilotOption(autopilot: AutopilotDocument | string | undefined): Promise<AutopilotDocument | undefined> {
  if (typeof autopilot !== 'string') return autopilot;
  const { loadAutopilotFile } = await import('../core/domain/autopilot/load-file.js');
  const loaded = loadAutopilotFile(autopilot);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.document;
}

export async function startSimulator(options: StartSimulatorOptions = {}): Promise<RunningSimulator> {
  const { openSimulator } = await library.core;
  const release = library.holdWhileStarting();
  let sim: Awaited<ReturnType<typeof openSimulator>>;
  let url: string;
  try {
    sim = await openSimulator({
      dataDir: options.dataDir, inMemory: !options.dataDir, seed: options.seed, journalCap: options.journalCap, journalCapBytes: options.journalCapBytes, autopilot: await autopilotOption(options.autopilot),
      randomSeed: options.randomSeed,
    });
    try {
      ({ url } = await sim.listen(options.port ?? 0, options.host ?? '127.0.0.1'));
    } catch (err) {
      await sim.close();
      throw err;
    }
    // The control API ready before the suite's first call, as when it was loaded by a control call here: a test
    // may send a control call and a partner call together and count on the control call going first (holds).
    await sim.hostLoaded();
  } finally {
    release();
  }
  // Control calls always go to loopback, whatever address the partner API is bound to.
  const port = new URL(url).port;
  const controlUrl = `http://127.0.0.1:${port}/__sim/v1`;
  const client = controlClient(controlUrl);
  // The apps as GET /__sim/v1/apps lists them, through the control port in process: asking over HTTP loaded fetch
  // into every start, for two strings.
  const apps = sim.control.queries.apps();
  const app = apps.find((a) => a.id === 1) ?? apps[0];
  return {
    ...client,
    url,
    controlUrl,
    credentials: {
      app: app.name, appId: app.id, username: app.api_username, password: app.api_token, apiKey: app.api_key,
      authorization: `Basic ${Buffer.from(`${app.api_username}:${app.api_token}`).toString('base64')}`,
    },
    close: () => sim.close(),
  };
}
