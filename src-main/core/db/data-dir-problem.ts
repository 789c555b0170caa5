// Why a data folder could not be opened, in words a user can act on (the CLI's line, the desktop's dialog).
import { DataDirLocked } from './data-dir-lock';

/** What the system calls' codes mean for a folder the user named; anything else keeps the error's own text. */
const REASONS: Record<string, string> = {
  EEXIST: 'it is a file, not a folder',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EACCES: 'permission denied (choose a folder you can write to)',
  EPERM: 'permission denied (choose a folder you can write to)',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
};

/** One line: the lock's own message, or the folder, what went wrong, and how to pick another. */
export function dataDirProblem(dataDir: string, err: unknown): string {
  if (err instanceof DataDirLocked) return err.message;
  const code = (err as NodeJS.ErrnoException)?.code;
  const reason = code && Object.hasOwn(REASONS, code) ? REASONS[code] : (err as Error)?.message ?? String(err);
  return `Could not open the data folder ${dataDir}: ${reason}. Choose another with --data-dir DIR, or run with --in-memory.`;
}
