// The database file read ahead, on libuv's threads, while the process is still loading its code: the
// 100,000-user file is ~70 MB, and reading it on the main thread took 90–110 ms of a cold start
// (issue 14). The bytes are used only if the file is still the one that was read once the data folder
// is locked; otherwise it is read again as usual. Nothing heavy is imported here: the CLI entry uses it.
// Buys (issue 24): at 100,000 users a start's main-thread CPU is 1.15–1.25× without it (Node 24, three
// sittings; Node 22 1.25×); its wall time moved within the noise of a busy two-core machine, where the
// reading threads compete for the same cores. A new or small folder: no difference.
import { close, fstat, open, read, statSync, type Stats } from 'node:fs';
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
  /** Emptied by takeEarly: the bytes (70 MB at 100,000 users) must not outlive the open that used them. */
  read: Promise<{ bytes: Buffer; identity: Identity; fd: number } | undefined>;
}

const sameFile = (a: Identity, b: Identity) =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/** Reads of this size are all handed to libuv's threads at once (see readAll). */
const CHUNK = 8 * 1024 * 1024;

/**
 * The first `size` bytes of `fd`, read as positional reads of CHUNK bytes issued together. A whole-file
 * read (fs.readFile) reads 512 KB at a time and needs a turn of the main thread between reads, which a
 * start keeps busy compiling: the 70 MB file took ~125 ms of a 100,000-user start that way, waiting.
 */
function readAll(fd: number, size: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(size);
  const part = (at: number, end: number): Promise<void> =>
    new Promise((resolve, reject) =>
      read(fd, bytes, at, end - at, at, (err, n) => {
        if (err) reject(err);
        else if (n === 0) reject(new Error('the file became shorter while it was read'));
        else if (at + n < end) part(at + n, end).then(resolve, reject);
        else resolve();
      }),
    );
  const parts: Promise<void>[] = [];
  for (let at = 0; at < size; at += CHUNK) parts.push(part(at, Math.min(size, at + CHUNK)));
  // Every read settles before the file may be closed: a descriptor closed under a queued read could be
  // reused by another file meanwhile.
  return Promise.allSettled(parts).then((done) => {
    const failed = done.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return bytes;
  });
}

/**
 * Starts reading `file`; a file that is missing or cannot be read gives undefined (the open reports it).
 * The file stays open until takeEarly: while it is, its inode cannot be reused by a file renamed onto its
 * path, so a replaced file never passes for the one that was read (ext4 hands a freed inode number back).
 */
export function readEarly(file: string): EarlyRead {
  const read = (async () => {
    const fd = await new Promise<number>((resolve, reject) => open(file, 'r', (err, fd) => (err ? reject(err) : resolve(fd))));
    try {
      const identity = await new Promise<Stats>((resolve, reject) => fstat(fd, (err, st) => (err ? reject(err) : resolve(st))));
      return { bytes: await readAll(fd, identity.size), identity, fd };
    } catch (err) {
      close(fd, () => undefined);
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
  early!.read = Promise.resolve(undefined); // taken once; whoever holds `early` no longer holds the bytes
  try {
    return early!.file === file && sameFile(done.identity, statSync(file)) ? done.bytes : undefined;
  } catch {
    return undefined;
  } finally {
    close(done.fd, () => undefined);
  }
}
