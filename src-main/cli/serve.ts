// Runs the simulator headless: ready line, port errors, signals (behaviour §1).
import { join } from 'node:path';
import { createSimulator } from '../core/simulator';
import { DataDirLocked } from '../core/db/data-dir-lock';
import { projectRoot } from '../core/resources';
import { parseServeArgs, USAGE, UsageError, type ServeFlags } from './args';
import { appVersion } from './version';

export const EXIT_USAGE = 2;
export const EXIT_PORT_IN_USE = 3;
export const EXIT_DATA_DIR_LOCKED = 4;

export async function serve(argv: string[], out: (line: string) => void = (l) => process.stdout.write(l + '\n'), err: (line: string) => void = (l) => process.stderr.write(l + '\n'), intro?: string): Promise<number | undefined> {
  let flags: ServeFlags;
  try {
    flags = parseServeArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\nRun with --help to see the options.`);
      return EXIT_USAGE;
    }
    throw e;
  }
  if (flags.help) return (out(USAGE), 0);
  if (flags.version) return (out(appVersion()), 0);

  let sim;
  try {
    sim = await createSimulator({
      dataDir: flags.dataDir, inMemory: flags.inMemory, seed: flags.seed, journalCap: flags.journalCap, version: appVersion(), uiDir: join(projectRoot(), 'out', 'renderer'),
    });
  } catch (e) {
    if (e instanceof DataDirLocked) {
      err(e.message);
      return EXIT_DATA_DIR_LOCKED;
    }
    err(`Could not open the data folder ${flags.dataDir}: ${(e as Error).message}`);
    return 1;
  }
  try {
    const { url } = await sim.listen(flags.port, flags.host);
    for (const n of sim.notices) err(`Notice: ${n}`);
    sim.onNotice((n) => err(`Notice: ${n}`));
    for (const line of sim.info) err(line);
    if (flags.host !== '127.0.0.1' && flags.host !== 'localhost' && flags.host !== '::1')
      err(`Warning: the partner API is reachable from other machines on ${flags.host}; the control API and UI still answer loopback clients only.`);
    if (intro) out(intro);
    out(`Vet consult simulator ready at ${url} — UI ${url}/__sim/ — data ${flags.inMemory ? 'in memory' : flags.dataDir}`);
  } catch (e) {
    await sim.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      err(`Port ${flags.port} on ${flags.host} is already in use. Pick another with --port N (or --port 0 for any free port).`);
      return EXIT_PORT_IN_USE;
    }
    if (code === 'EACCES') {
      err(`Not allowed to listen on port ${flags.port}. Pick a port above 1023 with --port N.`);
      return EXIT_PORT_IN_USE;
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      err(`Cannot bind to host ${flags.host}: it is not an address of this machine.`);
      return EXIT_USAGE;
    }
    throw e;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    err(`${signal} received: finishing requests and saving…`);
    sim.close().then(
      () => process.exit(0),
      (e) => {
        err(`Shutdown failed: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return undefined;
}
