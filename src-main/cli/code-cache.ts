// Node ≥ 22 keeps compiled code between runs (module.enableCompileCache); Node 20 does not. There the
// CLI runs a one-file CommonJS build of itself (out/main/serve.cjs) as a vm.Script with V8's code cache:
// measured on this machine, compiling the 1.6 MB bundle took 73–119 ms without the cache and 25–41 ms
// with it, and evaluating it 152–218 ms against 72–167 ms (issue 14, cold start).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface ColdEntry {
  loadSqlJs: () => Promise<unknown>;
  loadServe: () => Promise<typeof import('./serve')>;
}

/** Where the cache is kept: NODE_COMPILE_CACHE as Node ≥ 22 reads it, else Node's own default folder. */
function cacheFileOf(bundle: string): string {
  const dir = process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache');
  // One file per bundle build and Node version. V8 checks only the source's length and the flags, so a
  // rebuild of equal length must not find the old cache: the bundle's size and mtime are in the key.
  let stamp = '';
  try {
    const st = statSync(bundle);
    stamp = `${st.size}\0${st.mtimeMs}`;
  } catch {
    /* readFileSync below reports a missing bundle */
  }
  const key = createHash('sha256').update(`${bundle}\0${stamp}\0${process.version}\0${process.arch}`).digest('hex').slice(0, 16);
  return join(dir, `vet-consult-sim-${key}.v8cache`);
}

/**
 * Cached code runs as this process's code, so it is read only from a folder (and file) this user owns
 * and nobody else may write to: in a shared temp folder another user could otherwise plant one.
 */
function trusted(path: string): boolean {
  const s = statSync(path);
  return (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;
}

function readCache(file: string): Buffer | undefined {
  try {
    if (!trusted(dirname(file)) || !trusted(file)) return undefined;
    return readFileSync(file);
  } catch {
    return undefined; // first start, or a cache folder that cannot be read: compile as usual
  }
}

/** Writes the cache atomically; a folder that cannot be written only costs the next start its speed. */
function writeCache(file: string, data: Buffer): void {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Only into a folder the read side would trust, and never through a planted file or symlink ('wx').
    if (!trusted(dirname(file))) return;
    const tmp = `${file}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch {
    /* see above */
  }
}

/**
 * Evaluates the CommonJS bundle with the cached code of an earlier start, and writes a fresh cache
 * `writeAfterMs` later — after the first requests, so that the functions they compiled are in it too,
 * and before a test run typically kills the process. An unusable cache is rejected by V8 and replaced.
 */
export function loadWithCodeCache(bundle: string, writeAfterMs = 1500): ColdEntry {
  const cacheFile = cacheFileOf(bundle);
  const cachedData = readCache(cacheFile);
  const script = new Script(module.wrap(readFileSync(bundle, 'utf8')), { filename: bundle, cachedData });
  const exports = {};
  const cjs = { exports };
  (script.runInThisContext() as (...args: unknown[]) => void)(exports, createRequire(bundle), cjs, bundle, dirname(bundle));
  if (!cachedData || script.cachedDataRejected) setTimeout(() => writeCache(cacheFile, script.createCachedData()), writeAfterMs).unref();
  return cjs.exports as ColdEntry;
}
