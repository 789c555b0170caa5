// Node ≥ 22 keeps compiled code between runs (module.enableCompileCache); Node 20 does not. There the
// CLI runs a CommonJS build of itself (out/main/serve-cjs/, scripts/bundle-serve-cjs.mjs) whose files it
// compiles as vm.Scripts with V8's code cache. Measured on this machine: compiling the partner path took
// 73–119 ms without the cache and 25–41 ms with it (issue 14, cold start); the express side's chunks are
// read and compiled only when a request first needs them.
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

// node:crypto through require: an ES import of it builds a facade that reads every export, and its
// `webcrypto` getter loads WebCrypto, which a start does not need.
const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');

export interface ColdEntry {
  loadSqlJs: () => Promise<unknown>;
  loadServe: () => Promise<typeof import('./serve')>;
}

/** Where the cache is kept: NODE_COMPILE_CACHE as Node ≥ 22 reads it, else Node's own default folder. */
function cacheFileOf(bundle: string, st: Stats): string {
  const dir = process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  // One file per bundle build and Node version. V8 checks only the source's length and the flags, so a
  // rebuild of equal length must not find the old cache: the bundle's size and mtime are in the key.
  const stamp = `${st.size}\0${st.mtimeMs}`;
  const key = createHash('sha256').update(`${bundle}\0${stamp}\0${process.version}\0${process.arch}`).digest('hex').slice(0, 16);
  return join(dir, `vet-consult-sim-${key}.v8cache`);
}

/**
 * Cached code runs as this process's code, so it is read only from a folder (and file) this user owns
 * and nobody else may write to: in a shared temp folder another user could otherwise plant one. The
 * folder must be a real folder, not a symlink another user could point elsewhere between check and use.
 */
const ours = (s: Stats) => (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;
function trustedFolder(dir: string): boolean {
  const s = lstatSync(dir);
  return s.isDirectory() && ours(s);
}

/** The cache file, checked and read through one descriptor opened without following a symlink. */
function readCache(file: string): Buffer | undefined {
  try {
    if (!trustedFolder(dirname(file))) return undefined;
    const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      const s = fstatSync(fd);
      return s.isFile() && ours(s) ? readFileSync(fd) : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined; // first start, or a cache folder that cannot be read: compile as usual
  }
}

/** Writes the cache atomically; a folder that cannot be written only costs the next start its speed. */
function writeCache(file: string, data: Buffer): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Only into a folder the read side would trust, and never through a planted file or symlink ('wx').
    if (!trustedFolder(dirname(file))) return;
    const tmp = `${file}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch {
    /* see above */
  }
}

/** What Node's own CommonJS loader keeps per file; loaded chunks are registered in its cache like any module. */
interface CjsModule {
  exports: unknown;
  filename: string;
  paths: string[];
  loaded: boolean;
}
const Loader = Module as unknown as {
  new (id: string): CjsModule;
  _cache: Record<string, CjsModule | undefined>;
  _nodeModulePaths(dir: string): string[];
  wrap(source: string): string;
};

/** A file smaller than this compiles in well under a millisecond: reading a cache for it costs more. */
const MIN_CACHED_BYTES = 16 * 1024;

/** The build's chunks require each other by relative name ("./serve.cjs"); everything else is Node's. */
const isChunk = (id: string) => id.startsWith('./') && id.endsWith('.cjs');

/**
 * Evaluates one file of the CommonJS build with the cached code of an earlier start, as Node's
 * loader would (registered in its cache, so a chunk required twice is evaluated once), and writes a
 * fresh cache `writeAfterMs` later — after the first requests, so that the functions they compiled
 * are in it too, and before a test run typically kills the process. An unusable cache is rejected by
 * V8 and replaced. The chunks it requires are loaded the same way.
 */
function loadChunk(file: string, writeAfterMs: number): unknown {
  const known = Loader._cache[file];
  if (known) return known.exports;
  // Stat first: the key names what is read next (a rebuild in between gives a size or mtime of its own).
  const st = statSync(file);
  const bytes = readFileSync(file);
  const source = bytes.toString('utf8');
  const cacheFile = st.size >= MIN_CACHED_BYTES && bytes.length === st.size ? cacheFileOf(file, st) : undefined;
  const cachedData = cacheFile ? readCache(cacheFile) : undefined;
  const script = new Script(Loader.wrap(source), { filename: file, cachedData });
  const m = new Loader(file);
  m.filename = file;
  m.paths = Loader._nodeModulePaths(dirname(file));
  const nodeRequire = createRequire(file);
  const require = Object.assign((id: string) => (isChunk(id) ? loadChunk(nodeRequire.resolve(id), writeAfterMs) : nodeRequire(id)), nodeRequire);
  Loader._cache[file] = m;
  try {
    (script.runInThisContext() as (...args: unknown[]) => void).call(m.exports, m.exports, require, m, file, dirname(file));
  } catch (err) {
    delete Loader._cache[file];
    throw err;
  }
  m.loaded = true;
  if (cacheFile && (!cachedData || script.cachedDataRejected)) setTimeout(() => writeCache(cacheFile, script.createCachedData()), writeAfterMs).unref();
  return m.exports;
}

/** The entry of the CommonJS build (cold-entry.ts), evaluated through the code cache with every chunk it loads. */
export function loadWithCodeCache(entry: string, writeAfterMs = 1500): ColdEntry {
  return loadChunk(createRequire(entry).resolve(entry), writeAfterMs) as ColdEntry;
}
