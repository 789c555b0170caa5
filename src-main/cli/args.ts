// The flags of `serve` and of the desktop app (one parser for both, behaviour §1).
import { parseArgs } from 'node:util';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_JOURNAL_CAP_BYTES, MAX_JOURNAL_CAP_BYTES, MIN_JOURNAL_CAP_BYTES } from '../core/db/options';
import { weakTokenMessage, weakTokenReason } from '../core/control/weak-tokens';

export const PRODUCT_NAME = 'Vet Consult Simulator';

export interface ServeFlags {
  port: number;
  host: string;
  dataDir: string;
  inMemory: boolean;
  seed?: 'demo';
  /** Makes ids, secrets and the vet draw reproducible (not `seed`, which loads the demo data). */
  randomSeed?: number;
  journalCap: number;
  /** Bytes the stored journal may take (on disk and in memory). */
  journalCapBytes: number;
  logFormat: 'text' | 'json';
  /** Written (JSON: url, ui_url, port, pid) once the server accepts requests. */
  readyFile?: string;
  /** Lets clients on other hosts drive the control API with `Authorization: Bearer <token>`. */
  controlToken?: string;
  /** A rules file (YAML or JSON) the vet autopilot starts with. */
  autopilot?: string;
  /** A scenario file (YAML or JSON) to load at start (behaviour §20). */
  scenario?: string;
  /** A bundle file (GET /__sim/v1/bundle) to open at start. */
  bundle?: string;
  /** Lets --scenario or --bundle replace the data of a data folder that has some. */
  replaceData: boolean;
  help: boolean;
  version: boolean;
}

/** Every flag can also come from the environment (CI pipelines, containers); a flag wins over its variable. */
export const ENV_FLAGS: Record<string, string> = {
  port: 'VET_SIM_PORT', host: 'VET_SIM_HOST', 'data-dir': 'VET_SIM_DATA_DIR', 'in-memory': 'VET_SIM_IN_MEMORY', seed: 'VET_SIM_SEED',
  'journal-cap': 'VET_SIM_JOURNAL_CAP', 'journal-cap-bytes': 'VET_SIM_JOURNAL_CAP_BYTES', 'log-format': 'VET_SIM_LOG_FORMAT', 'ready-file': 'VET_SIM_READY_FILE',
  'control-token': 'VET_SIM_CONTROL_TOKEN', autopilot: 'VET_SIM_AUTOPILOT', 'random-seed': 'VET_SIM_RANDOM_SEED',
  scenario: 'VET_SIM_SCENARIO', bundle: 'VET_SIM_BUNDLE', 'replace-data': 'VET_SIM_REPLACE_DATA',
};

export class UsageError extends Error {}

/** domain/randomness.ts's MAX_RANDOM_SEED, not imported: the flags are read on the start's early path. */
const MAX_RANDOM_SEED = 4294967295;

/** "67108864", "64MiB", "64M", "1.5 GiB" → bytes (powers of 1024, as the unit says); undefined when it does not read. */
function bytesOf(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 1;
  const bytes = Number(m[1]) * unit;
  return Number.isFinite(bytes) ? Math.floor(bytes) : undefined;
}

/** The OS's per-user data folder, the same one Electron's userData points at. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.VET_SIM_DATA_DIR) return env.VET_SIM_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

export const USAGE = `Usage: npm run serve -- [options]
       npx vet-consult-sim serve [options]

Runs the Vet Consult Simulator headless: the partner API (both families), the
control API (/__sim/v1) and the tester UI (/__sim/) in one process.

Options:
  --port N         port to listen on (default 4010; 0 picks a free port)
  --host H         address to bind (default 127.0.0.1; 0.0.0.0 exposes the partner API on your network)
  --data-dir DIR   where the database lives (default: ${defaultDataDir()})
  --in-memory      keep everything in memory; nothing is written to disk
  --seed demo      load the demo data set into an empty database
  --random-seed N  make every draw reproducible (ids, secrets, the token signing secret, the vet
                   a consultation gets): the same calls on a frozen clock give the same answers
  --journal-cap N  how many requests the log keeps (default 10000)
  --journal-cap-bytes SIZE  how much the stored log may take, on disk and in memory: bytes,
                   or with KiB/MiB/GiB (default 64MiB, from 16MiB to 4GiB); the oldest go first
  --log-format F   text (default) or json: one JSON line per request and per lifecycle event
  --ready-file F   write {url, ui_url, port, pid, data} as JSON to F once the server is ready
                   (a previous run's F is removed at start; F is removed at stop)
  --control-token T  let other hosts drive the control API with "Authorization: Bearer T"
                   (without it the control API and UI answer loopback clients only)
  --autopilot FILE start with the vet autopilot's rules from FILE (YAML or JSON)
  --scenario FILE  load a scenario (YAML or JSON: a whole world by names) at start; a bad file
                   names every problem with its line and exits 2 (see docs/scenarios.md)
  --bundle FILE    open a bug-report bundle (GET /__sim/v1/bundle) at start: its world, request log and clock
  --replace-data   let --scenario or --bundle replace the data of a data folder that has some
  --help           show this help
  --version        print the version

Every option can also be set in the environment: ${Object.values(ENV_FLAGS).join(', ')}
(booleans: 1/true). A flag on the command line wins over its variable.
`;

function fromEnvironment(env: NodeJS.ProcessEnv): Record<string, string | boolean | undefined> {
  const out: Record<string, string | boolean | undefined> = {};
  for (const [flag, name] of Object.entries(ENV_FLAGS)) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    if (flag === 'in-memory' || flag === 'replace-data') {
      if (!/^(1|0|true|false)$/i.test(v)) throw new UsageError(`${name} must be 1, 0, true or false, not "${v}".`);
      out[flag] = /^(1|true)$/i.test(v);
    } else out[flag] = v;
  }
  return out;
}

export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeFlags {
  let parsed;
  try {
    ({ values: parsed } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'in-memory': { type: 'boolean' },
        seed: { type: 'string' }, 'journal-cap': { type: 'string' }, 'journal-cap-bytes': { type: 'string' }, 'log-format': { type: 'string' }, 'ready-file': { type: 'string' },
        'control-token': { type: 'string' }, autopilot: { type: 'string' }, 'random-seed': { type: 'string' },
        scenario: { type: 'string' }, bundle: { type: 'string' }, 'replace-data': { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/, '.'));
  }
  const values = { ...fromEnvironment(env), ...parsed } as Record<string, string | undefined> & { 'in-memory'?: boolean; 'replace-data'?: boolean; help?: boolean; version?: boolean };
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(values.port ?? '4010'))
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
  if (values.seed !== undefined && values.seed !== 'demo') throw new UsageError(`--seed accepts only "demo", not "${values.seed}".`);
  const journalCap = values['journal-cap'] === undefined ? 10_000 : Number(values['journal-cap']);
  if (!Number.isInteger(journalCap) || journalCap < 100 || journalCap > 1_000_000)
    throw new UsageError(`--journal-cap must be a whole number from 100 to 1000000, not "${values['journal-cap']}".`);
  const journalCapBytes = values['journal-cap-bytes'] === undefined ? DEFAULT_JOURNAL_CAP_BYTES : bytesOf(values['journal-cap-bytes']);
  if (journalCapBytes === undefined || journalCapBytes < MIN_JOURNAL_CAP_BYTES || journalCapBytes > MAX_JOURNAL_CAP_BYTES)
    throw new UsageError(`--journal-cap-bytes must be a size from 16MiB to 4GiB (bytes, or with KiB, MiB or GiB), not "${values['journal-cap-bytes']}".`);
  if (values.host !== undefined && !values.host.trim()) throw new UsageError('--host needs an address, such as 127.0.0.1.');
  const logFormat = values['log-format'] ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError(`--log-format accepts "text" or "json", not "${logFormat}".`);
  const controlToken = values['control-token'];
  // A short token is guessable by anyone on the network the server is exposed to.
  if (controlToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(controlToken))
    throw new UsageError('--control-token must be at least 16 printable characters without spaces.');
  const weak = controlToken === undefined ? undefined : weakTokenReason(controlToken);
  if (weak) throw new UsageError(weakTokenMessage(weak));
  if (values.autopilot !== undefined && !values.autopilot.trim()) throw new UsageError('--autopilot needs a rules file (YAML or JSON).');
  if (values.scenario !== undefined && !values.scenario.trim()) throw new UsageError('--scenario needs a scenario file (YAML or JSON).');
  if (values.bundle !== undefined && !values.bundle.trim()) throw new UsageError('--bundle needs a bundle file.');
  if (values.scenario !== undefined && values.bundle !== undefined) throw new UsageError('--scenario and --bundle each replace the whole world: give one of them.');
  if (values.seed !== undefined && (values.scenario !== undefined || values.bundle !== undefined))
    throw new UsageError('--seed demo loads the demo scenario: give it or --scenario/--bundle, not both (the demo is resources/scenarios/demo.yaml).');
  const randomSeed = values['random-seed'] === undefined ? undefined : Number(values['random-seed']);
  if (randomSeed !== undefined && (!/^\d{1,10}$/.test(values['random-seed']!) || randomSeed > MAX_RANDOM_SEED))
    throw new UsageError(`--random-seed must be a whole number from 0 to ${MAX_RANDOM_SEED}, not "${values['random-seed']}".`);
  return {
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? defaultDataDir(env),
    inMemory: !!values['in-memory'],
    seed: values.seed as 'demo' | undefined,
    randomSeed,
    journalCap,
    journalCapBytes,
    logFormat,
    readyFile: values['ready-file'],
    controlToken,
    autopilot: values.autopilot,
    scenario: values.scenario,
    bundle: values.bundle,
    replaceData: !!values['replace-data'],
    help: !!values.help,
    version: !!values.version,
  };
}
