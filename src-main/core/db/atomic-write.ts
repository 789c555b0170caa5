// Whole-file writes that a crash can never leave half done: temp file, fsync, rename, fsync the folder.
import { closeSync, openSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nodeFs, type DurableFs } from './oplog';

const tempOf = (file: string) => `${file}.tmp-${process.pid}`;

export function atomicWrite(file: string, data: Uint8Array, fs: DurableFs = nodeFs): void {
  const tmp = tempOf(file);
  try {
    fs.writeFileSync(tmp, data);
    const fd = openSync(tmp, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    // A half-written temp file on a full disk would only keep the disk full.
    try {
      unlinkSync(tmp);
    } catch {
      /* it was never created, or was renamed */
    }
    throw err;
  }
  try {
    const dfd = openSync(dirname(file), 'r');
    fs.fsyncSync(dfd);
    closeSync(dfd);
  } catch {
    /* directories cannot be fsynced on every platform */
  }
}

/**
 * Removes `<file>.tmp-<pid>` files a killed process left behind. Only the lock holder calls this, so
 * no other process can be writing one.
 */
export function removeLeftoverTemps(file: string): string[] {
  const prefix = `${basename(file)}.tmp-`;
  let names: string[] = [];
  try {
    names = readdirSync(dirname(file)).filter((n) => n.startsWith(prefix) && /^\d+$/.test(n.slice(prefix.length)));
  } catch {
    return [];
  }
  for (const n of names) unlinkSync(join(dirname(file), n));
  return names;
}
