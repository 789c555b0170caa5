// What `serve` tells the world while it runs: lifecycle lines (text for people, JSON for CI log
// parsers), the ready file other processes wait for, and leaving with the parent process.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { JournalSummary } from '../../src-shared/control';

export type LogFormat = 'text' | 'json';
type Write = (line: string) => void;

export interface ReadyInfo { url: string; ui_url: string; port: number; pid: number; data: string }

export interface ServeLog {
  /** Something the user must see (a database moved aside, a log replay that stopped). */
  notice(message: string): void;
  info(message: string): void;
  /** The host's first line on stdout (npm start's reason for running headless), before the ready line. */
  intro(message: string): void;
  warning(message: string): void;
  ready(info: ReadyInfo, textLine: string): void;
  /** One line per partner request, in JSON mode only (text mode stays quiet: the UI shows requests). */
  request(entry: JournalSummary): void;
  stopping(reason: string): void;
  error(message: string): void;
}

export function serveLog(format: LogFormat, out: Write, err: Write): ServeLog {
  if (format === 'text') {
    return {
      // Behaviour §13: a database moved aside (and every such notice) is said on stdout, where the ready line is.
      notice: (m) => out(`Notice: ${m}`),
      info: (m) => err(m),
      intro: (m) => out(m),
      warning: (m) => err(`Warning: ${m}`),
      ready: (_info, line) => out(line),
      request: () => undefined,
      stopping: (reason) => err(`${reason}: finishing requests and saving…`),
      error: (m) => err(m),
    };
  }
  // One JSON object per line on stdout, each with `event` and an ISO `time`, so `jq` and log shippers read it.
  const emit = (event: string, fields: object) => out(JSON.stringify({ event, time: new Date().toISOString(), ...fields }));
  return {
    notice: (message) => emit('notice', { level: 'warn', message }),
    info: (message) => emit('info', { level: 'info', message }),
    intro: (message) => emit('info', { level: 'info', message }),
    warning: (message) => emit('warning', { level: 'warn', message }),
    ready: (info, line) => emit('ready', { level: 'info', message: line, ...info }),
    request: (e) =>
      emit('request', {
        level: e.status >= 500 ? 'error' : 'info', id: e.id, at: e.time, app: e.app, family: e.family, endpoint: e.endpoint,
        method: e.method, path: e.path, status: e.status, duration_ms: e.duration_ms,
      }),
    stopping: (reason) => emit('stopping', { level: 'info', message: reason }),
    error: (message) => emit('error', { level: 'error', message }),
  };
}

// The ready file describes this run only. A job that waits for it (as the README advises) must never read
// a previous run's dead URL: it is removed at start before anything else, written once listening, and
// removed again when the server stops (a kill -9 leaves it, and the next start removes it). A file whose
// run still answers is no dead URL: a second start refused on the same folder (exit 4) must not take it.

/** Whether `pid` is a process that still runs (a zombie, exited but not reaped, does not). */
function stillRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return !/^State:\s*[ZX]/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true; // no /proc (macOS): kill(pid, 0) is the whole answer there
  }
}

/** Removes a previous run's ready file; a message when it cannot be removed (then it cannot be written either). */
export function clearReadyFile(file: string): string | undefined {
  try {
    let owner: unknown;
    try {
      owner = (JSON.parse(readFileSync(file, 'utf8')) as Partial<ReadyInfo> | null)?.pid;
    } catch {
      // missing, unreadable or not JSON: nobody's file, removed below
    }
    if (Number.isSafeInteger(owner) && (owner as number) > 0 && owner !== process.pid && stillRuns(owner as number)) return undefined;
    rmSync(file, { force: true });
    return undefined;
  } catch (e) {
    return `Cannot use the ready file ${file}: ${(e as Error).message}`;
  }
}

/** Written whole through a temp file and a rename, so a reader never sees half of it. */
export function writeReadyFile(file: string, info: ReadyInfo): void {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(info) + '\n');
  renameSync(tmp, file);
}

/** Removes the ready file at stop, unless another run has written its own there since. */
export function removeReadyFile(file: string, pid = process.pid): void {
  try {
    const written = JSON.parse(readFileSync(file, 'utf8')) as Partial<ReadyInfo>;
    if (written.pid === pid) rmSync(file, { force: true });
  } catch {
    // gone already, or not ours to judge: leaving it is the safe side
  }
}

/** Parent pid and command name of a process (Linux: /proc; macOS and others: ps). */
function processInfo(pid: number): { ppid: number; comm: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split at the last ')'.
    const close = stat.lastIndexOf(')');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(stat.slice(close + 2).split(' ')[1]) };
  } catch {
    try {
      // Loaded here, off the start's path: only hosts without /proc get this far (issue 14, cold start).
      const { execFileSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
      const [ppid, ...comm] = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/);
      return { ppid: Number(ppid), comm: comm.join(' ').split('/').pop() ?? '' };
    } catch {
      return undefined;
    }
  }
}

const SHELL_WRAPPER = /^(sh|bash|dash|zsh|cmd\.exe)$/;

/**
 * The process the user started: npm runs scripts and bins through a `sh -c` wrapper, which stays
 * alive when npm itself is killed, so the wrapper is skipped.
 */
export function launcherPid(start = process.ppid): number {
  let pid = start;
  for (let i = 0; i < 3; i++) {
    const info = processInfo(pid);
    if (!info || !SHELL_WRAPPER.test(info.comm) || info.ppid <= 1) return pid;
    pid = info.ppid;
  }
  return pid;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Ends the server when the process that launched it is gone. `npm run serve` and `npx` sit between
 * a user's shell (or CI step) and the server; if they are killed hard, nobody forwards the signal and
 * the server would keep the port and the data-dir lock forever.
 */
export function followLauncher(onGone: () => void, launcher = launcherPid(), everyMs = 500): () => void {
  const timer = setInterval(() => {
    if (!alive(launcher) || process.ppid === 1) {
      clearInterval(timer);
      onGone();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
