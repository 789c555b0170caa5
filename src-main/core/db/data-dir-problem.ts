// Why a data folder could not be opened, in words a user can act on (the CLI's line, the desktop's dialog).
import { isAbsolute, relative, resolve } from 'node:path';
import { DataDirLocked } from './data-dir-lock';

/** What the system calls' codes mean for the folder the user named; anything else keeps the error's own text. */
const REASONS: Record<string, string> = {
  EEXIST: 'it is a file, not a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
};

/** Whether `path` is inside `folder` or is it. */
function inside(folder: string, path: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Whether the failing path is on the data folder's own path: the folder, a file in it, or a folder it is
 * in (creating it failed there). A code about any other path is not the folder's problem.
 */
const onDataDirPath = (dataDir: string, path: string | undefined): boolean => path !== undefined && (inside(dataDir, path) || inside(path, dataDir));

/** One line: the lock's own message, or the folder, what went wrong, and how to pick another. */
export function dataDirProblem(dataDir: string, err: unknown): string {
  if (err instanceof DataDirLocked) return err.message;
  const e = err as NodeJS.ErrnoException | undefined;
  const code = e?.code;
  const known = code !== undefined && Object.hasOwn(REASONS, code) && (onDataDirPath(dataDir, e?.path) || code === 'ENOSPC' || code === 'EROFS');
  const reason = known ? REASONS[code!] : (e?.message ?? String(err)).replace(/\.+$/, '');
  return `Could not open the data folder ${dataDir}: ${reason}. Choose another with --data-dir DIR, or run with --in-memory.`;
}
