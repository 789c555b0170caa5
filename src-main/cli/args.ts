// The flags of `serve` and of the desktop app (one parser for both, behaviour §1).
import { parseArgs } from 'node:util';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PRODUCT_NAME = 'Vet Consult Simulator';

export interface ServeFlags {
  port: number;
  host: string;
  dataDir: string;
  inMemory: boolean;
  seed?: 'demo';
  journalCap: number;
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

/** The OS's per-user data folder, the same one Electron's userData points at. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.VET_SIM_DATA_DIR) return env.VET_SIM_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

export const USAGE = `Usage: npm run serve -- [options]

Runs the Vet Consult Simulator headless: the partner API (both families), the
control API (/__sim/v1) and the tester UI (/__sim/) in one process.

Options:
  --port N         port to listen on (default 4010; 0 picks a free port)
  --host H         address to bind (default 127.0.0.1; 0.0.0.0 exposes the partner API on your network)
  --data-dir DIR   where the database lives (default: ${defaultDataDir()})
  --in-memory      keep everything in memory; nothing is written to disk
  --seed demo      load the demo data set into an empty database
  --journal-cap N  how many requests the log keeps (default 10000)
  --help           show this help
  --version        print the version
`;

export function parseServeArgs(argv: string[]): ServeFlags {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, 'in-memory': { type: 'boolean' },
        seed: { type: 'string' }, 'journal-cap': { type: 'string' }, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/, '.'));
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !/^\d+$/.test(values.port ?? '4010'))
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}".`);
  if (values.seed !== undefined && values.seed !== 'demo') throw new UsageError(`--seed accepts only "demo", not "${values.seed}".`);
  const journalCap = values['journal-cap'] === undefined ? 10_000 : Number(values['journal-cap']);
  if (!Number.isInteger(journalCap) || journalCap < 100 || journalCap > 1_000_000)
    throw new UsageError(`--journal-cap must be a whole number from 100 to 1000000, not "${values['journal-cap']}".`);
  if (values.host !== undefined && !values.host.trim()) throw new UsageError('--host needs an address, such as 127.0.0.1.');
  return {
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? defaultDataDir(),
    inMemory: !!values['in-memory'],
    seed: values.seed as 'demo' | undefined,
    journalCap,
    help: !!values.help,
    version: !!values.version,
  };
}
