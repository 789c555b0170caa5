// One process per data folder. Two processes on one folder (the desktop app and `serve` share the
// default) would each checkpoint their own in-memory copy over the other's acknowledged writes.
//
// The lock is a file created with O_EXCL holding the owner's pid. A lock whose process is gone
// (kill -9, power loss) is taken over, and so is one whose process is a zombie (exited, not reaped).
// Lock libraries that judge staleness by an mtime refreshed on a timer (proper-lockfile) would refuse
// a restart for seconds after a kill -9; a pid check does not.
//
// A pid means nothing on another host: two containers sharing one volume are both pid 1, each with its own
// hostname. The lock also names its host, and its owner touches it every few seconds; a lock of another
// host counts as held while it was touched recently (after a kill there, the folder is free 10 s later).
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

const HEARTBEAT_MS = 3000;
const FOREIGN_STALE_MS = 10_000;
const HOST = hostname();

export const LOCK_NAME = 'simulator.lock';

export class DataDirLocked extends Error {
  readonly code = 'EDATADIRLOCKED';
  constructor(readonly dataDir: string, readonly pid: number, readonly host?: string) {
    super(
      host
        ? `The data folder ${dataDir} is in use by another simulator (process ${pid} on host ${host}: another container on the same volume?). Stop it first, or give each its own folder; after a crash there it is free ${FOREIGN_STALE_MS / 1000} s later.`
        : `The data folder ${dataDir} is in use by another simulator (process ${pid}). Stop it first, or pick another folder with --data-dir DIR.`,
    );
  }
}

/** Lock files this process holds: a lock with our own pid that is not among them is a previous life's. */
const heldHere = new Set<string>();

/**
 * When a process started, on Linux (/proc), in ms since the epoch; undefined elsewhere. A pid whose
 * process started after the lock was written is a reused pid, not the owner (a container restarts
 * its processes with the same pids).
 */
function startTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isFinite(ticks) && boot ? boot * 1000 + ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * A process that has exited but is not reaped yet (its parent, or a PID 1 that never reaps orphans as in
 * CI sandboxes and some containers, has not waited for it) still answers `kill(pid, 0)`, yet holds no
 * memory, no file and no port: it will never write to the folder again. Linux only (/proc); elsewhere a
 * zombie is reaped by a proper init and the pid check alone holds.
 */
function isZombie(pid: number): boolean {
  try {
    const state = /^State:\s*(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}

interface Owner { pid: number; host?: string; writtenMs?: number }

function holds({ pid, host, writtenMs }: Owner, file: string): boolean {
  if (host && host !== HOST) {
    try {
      return Date.now() - statSync(file).mtimeMs < FOREIGN_STALE_MS;
    } catch {
      return false;
    }
  }
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // EPERM: alive, owned by someone else
  }
  if (isZombie(pid)) return false;
  const started = startTime(pid);
  let written: number;
  try {
    // The time the lock was written, not its mtime, which the owner's heartbeat moves.
    written = writtenMs ?? statSync(file).mtimeMs;
  } catch {
    return false;
  }
  return started === undefined || started <= written + 2000;
}

/** `pid`, then (since locks name their host) the host and the time written, one per line. */
const ownerOf = (file: string): Owner | undefined => {
  try {
    const [pidLine, host, written] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidLine, 10);
    if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
    const writtenMs = Number(written);
    return { pid, host: host || undefined, writtenMs: Number.isFinite(writtenMs) && writtenMs > 0 ? writtenMs : undefined };
  } catch {
    return undefined;
  }
};

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${process.pid}\n${HOST}\n${Date.now()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

export interface DataDirLock { file: string; release(): void; /** Set when a dead process's lock was taken over. */ tookOverFrom?: number }

export function lockDataDir(dataDir: string): DataDirLock {
  const file = resolve(join(dataDir, LOCK_NAME));
  let tookOverFrom: number | undefined;
  for (let attempt = 0; !tryCreate(file); attempt++) {
    const owner = ownerOf(file);
    const foreign = owner?.host && owner.host !== HOST ? owner.host : undefined;
    if (owner !== undefined && holds(owner, file)) throw new DataDirLocked(dataDir, owner.pid, foreign);
    if (attempt >= 3) throw new DataDirLocked(dataDir, owner?.pid ?? 0, foreign);
    // Move the stale lock away rather than delete it: if another starter took it over in between,
    // the file moved is theirs (its pid is alive) and goes back.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // gone already: try to create again
    }
    const moved = ownerOf(aside);
    if (moved !== undefined && (moved.pid !== owner?.pid || moved.host !== owner?.host) && holds(moved, aside)) {
      renameSync(aside, file);
      throw new DataDirLocked(dataDir, moved.pid, moved.host && moved.host !== HOST ? moved.host : undefined);
    }
    unlinkSync(aside);
    tookOverFrom = owner?.pid;
  }
  heldHere.add(file);
  // The heartbeat a simulator on another host (a container on the same volume) judges this lock by.
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // a full or read-only disk: the pid check on this host still holds
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return {
    file,
    tookOverFrom,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(file);
      const owner = ownerOf(file);
      if (owner?.pid === process.pid && (owner.host ?? HOST) === HOST) unlinkSync(file);
    },
  };
}
