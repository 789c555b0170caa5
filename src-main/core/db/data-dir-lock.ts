// One process per data folder. Two processes on one folder (the desktop app and `serve` share the
// default) would each checkpoint their own in-memory copy over the other's acknowledged writes.
//
// The lock is a file created with O_EXCL holding the owner's pid. A lock whose process is gone
// (kill -9, power loss) is taken over. Lock libraries that judge staleness by an mtime refreshed on
// a timer (proper-lockfile) would refuse a restart for seconds after a kill -9; a pid check does not.
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_NAME = 'simulator.lock';

export class DataDirLocked extends Error {
  readonly code = 'EDATADIRLOCKED';
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`The data folder ${dataDir} is in use by another simulator (process ${pid}). Stop it first, or pick another folder with --data-dir DIR.`);
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

function holds(pid: number, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // EPERM: alive, owned by someone else
  }
  const started = startTime(pid);
  let written: number;
  try {
    written = statSync(file).mtimeMs;
  } catch {
    return false;
  }
  return started === undefined || started <= written + 2000;
}

const ownerOf = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
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
    writeSync(fd, `${process.pid}\n`);
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
    if (owner !== undefined && holds(owner, file)) throw new DataDirLocked(dataDir, owner);
    if (attempt >= 3) throw new DataDirLocked(dataDir, owner ?? 0);
    // Move the stale lock away rather than delete it: if another starter took it over in between,
    // the file moved is theirs (its pid is alive) and goes back.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue; // gone already: try to create again
    }
    const moved = ownerOf(aside);
    if (moved !== undefined && moved !== owner && holds(moved, aside)) {
      renameSync(aside, file);
      throw new DataDirLocked(dataDir, moved);
    }
    unlinkSync(aside);
    tookOverFrom = owner;
  }
  heldHere.add(file);
  let released = false;
  return {
    file,
    tookOverFrom,
    release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      if (ownerOf(file) === process.pid) unlinkSync(file);
    },
  };
}
