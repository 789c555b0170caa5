// Runs the simulator headless: ready line, port errors, signals (behaviour §1).
import { join } from 'node:path';
import { openSimulator } from '../core/simulator';
import { DataDirLocked } from '../core/db/data-dir-lock';
import { dataDirProblem } from '../core/db/data-dir-problem';
import type { EarlyRead } from '../core/perf';
import { projectRoot } from '../core/resources';
import type { AutopilotDocument } from '../../src-shared/control';
import { parseServeArgs, USAGE, UsageError, type ServeFlags } from './args';
import { readStartWorld } from './scenario-file';
import { appVersion } from './version';
import { clearReadyFile, followLauncher, launcherPid, removeReadyFile, serveLog, writeReadyFile } from './lifecycle';

export const EXIT_USAGE = 2;
export const EXIT_PORT_IN_USE = 3;
export const EXIT_DATA_DIR_LOCKED = 4;

export async function serve(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(l + '\n'),
  err: (line: string) => void = (l) => process.stderr.write(l + '\n'),
  intro?: string,
  earlyRead?: EarlyRead,
): Promise<number | undefined> {
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
  const log = serveLog(flags.logFormat, out, err);
  if (flags.readyFile) {
    const problem = clearReadyFile(flags.readyFile);
    if (problem) return (log.error(problem), EXIT_USAGE);
  }
  let autopilot: AutopilotDocument | undefined;
  if (flags.autopilot) {
    // Loaded only when asked for: the YAML reader stays off every other start.
    const { loadAutopilotFile } = await import('../core/domain/autopilot/load-file');
    const loaded = loadAutopilotFile(flags.autopilot);
    if (!loaded.ok) {
      log.error(loaded.error);
      return EXIT_USAGE;
    }
    autopilot = loaded.document;
  }

  const world = await readStartWorld(flags);
  if (!world.ok) {
    for (const line of world.lines) log.error(line);
    return EXIT_USAGE;
  }

  let sim;
  try {
    sim = await openSimulator({
      dataDir: flags.dataDir, inMemory: flags.inMemory, seed: flags.seed, journalCap: flags.journalCap, journalCapBytes: flags.journalCapBytes, version: appVersion(), uiDir: join(projectRoot(), 'out', 'renderer'),
      controlToken: flags.controlToken, earlyRead, autopilot, randomSeed: flags.randomSeed, scenario: world.text,
    });
  } catch (e) {
    if (e instanceof DataDirLocked) {
      log.error(e.message);
      return EXIT_DATA_DIR_LOCKED;
    }
    if (world.text !== undefined && (e as { status?: number }).status === 422) {
      // The file read well but its load was refused (a call of its history that did not answer as expected).
      log.error(`${flags.scenario ?? flags.bundle}: ${(e as Error).message}`);
      return EXIT_USAGE;
    }
    log.error(dataDirProblem(flags.dataDir, e));
    return 1;
  }
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    // The URL dies now: a job waiting for the file must not find it while the server finishes.
    if (flags.readyFile) removeReadyFile(flags.readyFile);
    log.stopping(reason);
    sim.close().then(
      () => process.exit(0),
      (e) => {
        log.error(`Shutdown failed: ${(e as Error).message}`);
        process.exit(1);
      },
    );
  };
  // Installed before the ready line: a signal right after it must still close the data cleanly.
  process.on('SIGINT', () => stop('SIGINT received'));
  process.on('SIGTERM', () => stop('SIGTERM received'));
  process.on('SIGHUP', () => stop('SIGHUP received'));
  // Started through npm (`npm run serve`, `npx vet-consult-sim`): a killed npm forwards nothing,
  // so the server leaves with it. Started directly (`node out/main/cli.js &`), it may outlive its shell.
  // `npm start`'s headless fallback puts its own node process between npm and the server, and names the
  // process above it in VET_SIM_LAUNCHED_UNDER, so the server follows npm itself, not that wrapper.
  if (process.env.npm_lifecycle_event || process.env.npm_execpath)
    followLauncher(() => stop('The npm process that started the simulator is gone'), launcherPid(Number(process.env.VET_SIM_LAUNCHED_UNDER) || process.ppid));
  try {
    const { url, port } = await sim.listen(flags.port, flags.host);
    // npm start's reason for running headless stays the first line on stdout, before any notice.
    if (intro) log.intro(intro);
    for (const n of sim.notices) log.notice(n);
    sim.onNotice((n) => log.notice(n));
    for (const line of sim.info) log.info(line);
    if (flags.host !== '127.0.0.1' && flags.host !== 'localhost' && flags.host !== '::1')
      log.warning(
        `the partner API is reachable from other machines on ${flags.host}; the UI answers loopback clients only, ` +
          (flags.controlToken ? 'and the control API loopback clients or holders of the control token.' : 'and so does the control API.'),
      );
    const data = flags.inMemory ? 'in memory' : flags.dataDir;
    sim.ctx.events.on('request', (entry) => log.request(entry));
    const info = { url, ui_url: `${url}/__sim/`, port, pid: process.pid, data };
    if (flags.readyFile) {
      writeReadyFile(flags.readyFile, info);
      // Whatever ends the process (a fatal error included), the file goes with it.
      const file = flags.readyFile;
      process.once('exit', () => removeReadyFile(file));
    }
    log.ready(info, `Vet consult simulator ready at ${url} — UI ${url}/__sim/ — data ${data}`);
  } catch (e) {
    await sim.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      log.error(`Port ${flags.port} on ${flags.host} is already in use. Pick another with --port N (or --port 0 for any free port).`);
      return EXIT_PORT_IN_USE;
    }
    if (code === 'EACCES') {
      log.error(`Not allowed to listen on port ${flags.port}. Pick a port above 1023 with --port N.`);
      return EXIT_PORT_IN_USE;
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      log.error(`Cannot bind to host ${flags.host}: it is not an address of this machine.`);
      return EXIT_USAGE;
    }
    throw e;
  }
  return undefined;
}
