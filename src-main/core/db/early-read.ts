// The database file read ahead, on libuv's threads, while the process is still loading its code: the
// 100,000-user file is ~70 MB, and reading it on the main thread took 90–110 ms of a cold start
// (issue 14). The bytes are used only if the file is still the one that was read once the data folder
// is locked; otherwise it is read again as usual. Nothing heavy is imported here: the CLI entry uses it.
import { statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const databaseFile = (dataDir: string) => join(dataDir, 'simulator.sqlite');

interface Identity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export interface EarlyRead {
  file: string;
  read: Promise<{ bytes: Buffer; identity: Identity; handle: FileHandle } | undefined>;
}

const sameFile = (a: Identity, b: Identity) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/**
 * Starts reading `file`; a file that is missing or cannot be read gives undefined (the open reports it).
 * The file stays open until takeEarly: while it is, its inode cannot be reused by a file renamed onto its
 * path, so a replaced file never passes for the one that was read (ext4 hands a freed inode number back).
 */
export function readEarly(file: string): EarlyRead {
  const read = (async () => {
    const handle = await open(file, 'r');
    try {
      const identity = await handle.stat();
      return { bytes: await handle.readFile(), identity, handle };
    } catch (err) {
      await handle.close();
      throw err;
    }
  })().catch(() => undefined);
  return { file, read };
}

/**
 * The bytes read ahead, if they are `file`'s current content: the same path, and the same device, inode,
 * size, modification and change times as when they were read (the simulator replaces its file by
 * renaming a new one onto it). Call it once the data folder is locked, so nothing writes it anymore.
 */
export async function takeEarly(early: EarlyRead | undefined, file: string): Promise<Buffer | undefined> {
  const done = await early?.read;
  if (!done) return undefined;
  try {
    return early!.file === file && sameFile(done.identity, statSync(file)) ? done.bytes : undefined;
  } catch {
    return undefined;
  } finally {
    await done.handle.close().catch(() => undefined);
  }
}
